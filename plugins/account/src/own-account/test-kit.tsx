/** Test helpers of the own-account dialogs: a signed-in kernel, the message hosts, fakes. */
import { screen } from '@testing-library/react';
import type { CompanyDetail, UserInfo, VerifyStatus } from '@vap/contracts';
import {
  type Answers,
  testUser as kernelTestUser,
  renderWithKernel,
  testMenuItem,
} from '@vap/kernel/testing';
import { DialogHost, Toaster } from '@vap/ui';
import { fakeXhr, sharedMessages } from '@vap/ui/testing';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import accountPlugin from '../index.js';

// After each test, src/test-setup.ts unmounts, drops the dialogs and messages and the stubbed globals.

/**
 * Renders `element` signed in as `user`, with the plugin's and the console's strings, the message
 * and dialog hosts. `GET /v1/pms/user` answers the current `session.user`, so tests can change it
 * to what the server would answer after a call.
 */
export async function renderDialog(
  element: ReactElement,
  user: UserInfo = testUser(),
  answers: Answers = {},
) {
  const session = { user };
  const view = await renderWithKernel(
    <>
      {element}
      <Toaster />
      <DialogHost />
    </>,
    {
      plugins: [accountPlugin],
      messages: sharedMessages,
      user,
      path: '/dashboard',
      answers: { 'GET /v1/pms/user': () => ({ body: session.user }), ...answers },
    },
  );
  return { ...view, session };
}

/** A file of `size` bytes (content repeated), named and typed. */
export function fileOf(name: string, type: string, size = 16, fill = 1): File {
  return new File([new Uint8Array(size).fill(fill)], name, { type });
}

/** createImageBitmap answering a size per file name (default 100x100); 'broken' names fail to decode. */
export function stubImageSizes(sizes: Record<string, [number, number]> = {}) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => {
      if (file.name.includes('broken')) throw new DOMException('bad image', 'InvalidStateError');
      const [width, height] = sizes[file.name] ?? [100, 100];
      return { width, height, close: () => {} };
    }),
  );
}

/** Puts `fakeXhr` of `@vap/ui/testing` in the browser's place and returns the requests it records. Undone after each test (`vi.unstubAllGlobals()` in src/test-setup.ts). */
export function stubUploads(answer: Parameters<typeof fakeXhr>[0]) {
  const { FakeXhr, sent } = fakeXhr(answer);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** `testUser` of the kernel with a dashboard menu (a user without menus has no access, spec §4.1). */
export function testUser(partial: Partial<UserInfo> = {}): UserInfo {
  return kernelTestUser({
    menus: [testMenuItem({ id: 1, name: 'dashboard', type: 'page' })],
    ...partial,
  });
}

export { screen };

/** The company as GET /v1/pms/company answers it: nothing filled in yet but what `partial` gives. */
export function companyDetail(
  verify_status: VerifyStatus,
  partial: Partial<CompanyDetail> = {},
): CompanyDetail {
  return {
    id: 1,
    name: '',
    title: '',
    logo: '',
    logo_url: '',
    verify_status,
    business_license: '',
    business_license_url: '',
    id_human: '',
    id_human_url: '',
    id_emblem: '',
    id_emblem_url: '',
    ...partial,
  };
}
