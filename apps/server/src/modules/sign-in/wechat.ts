/**
 * Scan sign-in with the WeChat Open Platform's website login: the QR connect page shows WeChat's
 * QR code; once the user confirms on the phone, WeChat sends the browser to the redirect address
 * with `code` and `state` (the scan id), and the code is exchanged for the user's unionid.
 * https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html
 */
import { ScanCodeRefused, type ScanLoginProvider } from './providers.js';

const WECHAT_TIMEOUT_MS = 10_000;

export interface WechatOptions {
  appId: string;
  appSecret: string;
  /** The server's `…/login_wechat/callback` as the browser reaches it; registered with WeChat. */
  redirectUri: string;
  /** https://open.weixin.qq.com and https://api.weixin.qq.com; a test's local fake otherwise. */
  openBase: string;
  apiBase: string;
}

interface AccessTokenAnswer {
  errcode?: number;
  errmsg?: string;
  openid?: string;
  unionid?: string;
}

export class WechatScanLoginProvider implements ScanLoginProvider {
  readonly callback = { provider: 'wechat', identify: (code: string) => this.identify(code) };

  constructor(private readonly options: WechatOptions) {}

  qrContent(id: string): string {
    const url = new URL('/connect/qrconnect', this.options.openBase);
    url.search = new URLSearchParams({
      appid: this.options.appId,
      redirect_uri: this.options.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state: id,
    }).toString();
    return `${url.toString()}#wechat_redirect`;
  }

  async announce(): Promise<void> {}

  /** The unionid of the user who confirmed, or the openid when the app has no unionid. */
  private async identify(code: string): Promise<string> {
    const url = new URL('/sns/oauth2/access_token', this.options.apiBase);
    url.search = new URLSearchParams({
      appid: this.options.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`WeChat answered ${response.status}`);
    // WeChat answers its refusals with HTTP 200 and an errcode (40029: invalid code, 40163: used).
    const answer = (await response.json()) as AccessTokenAnswer;
    if (answer.errcode)
      throw new ScanCodeRefused(`WeChat refused the code: ${answer.errcode} ${answer.errmsg ?? ''}`);
    const id = answer.unionid || answer.openid;
    if (!id) throw new Error('WeChat answered without openid');
    return id;
  }
}
