/**
 * Money end to end (issue 17). In Chromium, the demo owner recharges online: the order opens the
 * development payment page in a new window, where confirming pays it; the recharge page sees the
 * order paid and the balance grow. The consumption records show the charges of the demo's cloud
 * packages, and the dashboard card shows the balance. The owner sets the invoice details, asks an
 * invoice for the paid order and downloads the request's PDF. On the cloud-storage page the owner
 * opens a cloud video package on a camera: it is charged, and the device list shows the service
 * active.
 */
import {
  DEVICE_PATHS,
  type Device,
  FINANCE_PATHS,
  type Finance,
  formatFen,
  type ListPage,
} from '@vap/contracts';
import { expect, it } from 'vitest';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}/webapi${path}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const finance = () => api<Finance>(FINANCE_PATHS.finance);

const e2e = serverAndBrowserPerFile({ env: { DEMO_DEVICES: '0' } });
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

const menu = () => owner.page.getByRole('navigation', { name: 'Main menu' });
async function openPage(dir: string, entry: string) {
  const button = menu().getByRole('button', { name: dir });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await menu().getByRole('link', { name: entry }).click();
}

it('recharges through the development payment page, and the balance grows by the amount', async () => {
  const before = (await finance()).balance;
  // The dashboard card shows the balance from the start.
  await owner.page.getByText(formatFen(before)).first().waitFor();

  await openPage('Billing', 'Recharge');
  await owner.page.getByLabel('Amount (¥)').fill('123.45');
  const [payment] = await Promise.all([
    owner.context.waitForEvent('page'),
    owner.page.getByRole('button', { name: 'Recharge', exact: true }).click(),
  ]);
  await payment.waitForLoadState();
  await payment.getByText('Development payment provider').waitFor();
  await payment.getByText('¥123.45').first().waitFor();
  await payment.getByRole('button', { name: 'Confirm payment' }).click();
  await payment.getByText('Payment confirmed').waitFor();
  await payment.close();

  await owner.page
    .getByText(/is paid: ¥123\.45 was added to the balance/)
    .first()
    .waitFor({ timeout: 15_000 });
  const after = before + 12_345;
  expect((await finance()).balance).toBe(after);
  await owner.page.getByText(formatFen(after)).first().waitFor();
  const orders = owner.page.getByRole('table', { name: 'Recharge orders' });
  await orders.getByRole('row', { name: /¥123\.45.*Paid/ }).waitFor();
});

it('requests an invoice for the paid order and downloads the request as a PDF', async () => {
  await openPage('Billing', 'Invoice records');
  const details = await api<{ invoice: unknown }>(FINANCE_PATHS.invoiceDetails);
  if (!details.invoice) {
    await owner.page.getByRole('button', { name: 'Set invoice details' }).first().click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invoice details' });
    await dialog.getByLabel('Tax ID').fill('91440300MA5F000000');
    await dialog.getByLabel('Bank', { exact: true }).fill('招商银行深圳分行');
    await dialog.getByLabel('Bank account number').fill('7559 1234 5678 9012');
    await dialog.getByLabel('Address and telephone').fill('深圳市南山区科技园 0755-12345678');
    await dialog.getByLabel('Email for the invoice').fill('finance@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await owner.page.getByText('Invoice details saved').first().waitFor();
  }

  await openPage('Billing', 'Invoice payment');
  const paid = owner.page.getByRole('table', { name: 'Invoice payment' });
  await paid
    .getByRole('row', { name: /¥123\.45.*Not invoiced/ })
    .getByRole('checkbox')
    .check();
  await owner.page.getByText('Total ¥123.45').waitFor();
  await owner.page.getByRole('button', { name: 'Request invoice' }).click();
  await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Request invoice' }).click();
  await owner.page
    .getByText(/Invoice I\d+ requested for ¥123\.45/)
    .first()
    .waitFor();
  await paid.getByRole('row', { name: /¥123\.45.*Invoicing/ }).waitFor();

  await openPage('Billing', 'Invoice records');
  const requests = owner.page.getByRole('table', { name: 'Invoice records' });
  const request = requests.getByRole('row', { name: /¥123\.45.*Invoicing/ });
  const [download] = await Promise.all([
    // The server makes the document on the call, and the console waits up to 60 s for it: on a
    // machine the rest of the suite keeps busy, its first PDF (the font decoded) took over 30 s.
    owner.page.waitForEvent('download', { timeout: 60_000 }),
    request.getByRole('button', { name: 'PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-I\d+\.pdf$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
}, 120_000);

it('the consumption records show the charges of the cloud packages, with their total', async () => {
  await openPage('Billing', 'Consumption records');
  const table = owner.page.getByRole('table', { name: 'Consumption records' });
  await table
    .getByRole('row', { name: /Cloud backup/ })
    .first()
    .waitFor();
  await owner.page.getByText(/Total spent: ¥/).waitFor();
});

it('opens a cloud video package on a camera from the cloud-storage page, charged from the balance', async () => {
  const camera = (await api<ListPage<Device>>(`${DEVICE_PATHS.devices}?size=100`)).items.find(
    (device) => device.kind === 'ipc' && device.cloud_video === 'none' && !device.read_only,
  );
  if (!camera) throw new Error('no camera without cloud video');
  const before = (await finance()).balance;

  await openPage('Cloud storage', 'Cloud storage dashboard');
  await owner.page.getByRole('tab', { name: 'Packages' }).click();
  await owner.page.getByRole('button', { name: 'Open packages' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Open cloud packages' });
  await dialog.getByRole('radio', { name: 'Cloud video' }).click();
  await dialog.getByRole('radio', { name: /C series/ }).click();
  await dialog.getByRole('searchbox', { name: 'Search by serial number' }).fill(camera.sn);
  await dialog.getByRole('searchbox', { name: 'Search by serial number' }).press('Enter');
  await dialog.getByRole('checkbox', { name: new RegExp(camera.sn) }).click();
  await dialog.getByText('1 device chosen').waitFor();
  await dialog.getByRole('button', { name: 'Open and pay' }).click();
  await owner.page
    .getByText(/1 package opened; charged ¥/)
    .first()
    .waitFor();

  const device = await api<Device>(DEVICE_PATHS.device(camera.id));
  expect(device.cloud_video).toBe('active');
  const after = (await finance()).balance;
  expect(after).toBeLessThan(before);
  const packages = owner.page.getByRole('table', { name: /Packages|Cloud storage/ }).first();
  await packages
    .getByRole('row', { name: new RegExp(camera.sn) })
    .first()
    .waitFor();
});
