/**
 * The helper checks of spec §5.1 as plain functions and patterns, free of zod: a page that needs
 * only these (the sign-in form's hints, a filter) does not carry zod. The schemas built on them
 * are in validators.ts, which re-exports them.
 */

export const patterns = {
  /** 11 digits starting 1, second digit 3 to 9. */
  mainlandPhone: /^1[3-9]\d{9}$/,
  verificationCode: /^\d{6}$/,
  /** Word characters, an at sign, a domain, a 2 to 4 letter ending. */
  email: /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/,
  id32: /^[A-Za-z0-9]{32}$/,
  id16: /^[A-Za-z0-9]{1,16}$/,
  deviceCode: /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{8}$/,
  ipcSerial: /^\d{10}132\d{7}$/,
  nvrSerial: /^\d{10}118\d{7}$/,
  /** 3 to 100 Chinese characters once full-width brackets are removed. */
  companyName: /^[\u4e00-\u9fa5]{3,100}$/,
  personName: /^[\u4e00-\u9fa5]{2,10}$/,
  externalLink: /^(https?:|mailto:|tel:)/,
  md5Hex: /^[0-9a-f]{32}$/i,
} as const;

export type DeviceType = 'ipc' | 'nvr';

export const isMainlandPhone = (value: string) => patterns.mainlandPhone.test(value);
export const isEmail = (value: string) => patterns.email.test(value);
export const isExternalLink = (value: string) => patterns.externalLink.test(value);

/** A device serial's length: 10 digits, the type's 132 or 118, 7 digits (spec §5.1). */
export const DEVICE_SERIAL_LENGTH = 20;

/** Device serial of either kind when no type is given (spec §5.1). */
export function isDeviceSerial(value: string, type?: DeviceType): boolean {
  if (type === 'ipc') return patterns.ipcSerial.test(value);
  if (type === 'nvr') return patterns.nvrSerial.test(value);
  return patterns.ipcSerial.test(value) || patterns.nvrSerial.test(value);
}

/** Company names ignore full-width brackets (spec §5.1). */
export function isCompanyName(value: string): boolean {
  return patterns.companyName.test(value.replace(/[（）]/g, ''));
}
