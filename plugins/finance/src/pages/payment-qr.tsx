/**
 * A payment to be made by scanning (WeChat Pay Native: a `weixin://` address, which only the
 * messaging app opens): drawn as a QR code. The `qrcode` library loads only when a code is shown,
 * so that no other page carries it.
 */
import { useQuery } from '@tanstack/react-query';
import { useT } from '@vap/kernel';
import { Spinner } from '@vap/ui';

/** An address the payer scans rather than opens: no browser can open it. */
export const isScanToPay = (payUrl: string) => /^weixin:\/\//.test(payUrl);

async function qrImage(content: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(content, { type: 'svg', margin: 1, width: 200 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function PaymentQr({ url, number }: { url: string; number: string }) {
  const t = useT('finance');
  const { data: image } = useQuery({
    queryKey: ['finance', 'payment-qr', url],
    queryFn: () => qrImage(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <figure className="flex flex-col items-start gap-2">
      {image ? (
        <img
          src={image}
          width={200}
          height={200}
          alt={t('recharge.qrAlt', { number })}
          className="rounded border border-line bg-white"
        />
      ) : (
        <Spinner className="h-8 w-8 text-primary" />
      )}
      <figcaption>{t('recharge.scanToPay')}</figcaption>
    </figure>
  );
}
