import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo, VerifyStatus } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import CompanyStatus from './company-status.js';
import { companyDetail, renderDialog, testUser } from './test-kit.js';

const withStatus = (verify_status: VerifyStatus, partial: Partial<UserInfo> = {}) => {
  const base = testUser();
  return testUser({ company: base.company && { ...base.company, verify_status }, ...partial });
};

describe('verification badge (spec §2.4, §6)', () => {
  it('shows the status to the owner and opens the verification form', async () => {
    await renderDialog(<CompanyStatus />, withStatus(2), {
      'GET /v1/pms/company': { body: companyDetail(2) },
    });
    const badge = await screen.findByTestId('verify-badge');
    expect(badge.textContent).toContain('Verified');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(badge);
    expect(await screen.findByRole('dialog', { name: 'Company verification' })).toBeTruthy();
  });

  it('is absent for anyone but the owner, and when verification is switched off', async () => {
    await renderDialog(<CompanyStatus />, withStatus(2, { role_id: 3 }));
    await waitFor(() => expect(screen.queryByTestId('verify-badge')).toBeNull());
  });

  it('is absent when verification is switched off globally, and no hint opens', async () => {
    await renderDialog(<CompanyStatus />, withStatus(0, { verify_company: false }));
    await new Promise((wait) => setTimeout(wait, 50));
    expect(screen.queryByTestId('verify-badge')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('verification hint on load (spec §4.2)', () => {
  it('owner, status 0: the not-verified text with Cancel and Verify now, which opens the form', async () => {
    const { api } = await renderDialog(<CompanyStatus />, withStatus(0), {
      'GET /v1/pms/company': { body: companyDetail(0) },
    });
    const hint = await screen.findByRole('dialog', { name: 'Company verification' });
    expect(hint.textContent).toContain('Your company is not verified yet');
    expect(
      within(hint)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Verify now', expect.any(String)]);
    await userEvent.click(within(hint).getByRole('button', { name: 'Verify now' }));
    await screen.findByLabelText('Company name');
    expect(callsTo(api.calls, 'GET', '/v1/pms/company')).toHaveLength(1);
  });

  it('owner, status 3: the failed text with Cancel and Edit', async () => {
    await renderDialog(<CompanyStatus />, withStatus(3));
    const hint = await screen.findByRole('dialog', { name: 'Company verification' });
    expect(hint.textContent).toContain('verification failed');
    expect(within(hint).getByRole('button', { name: 'Edit' })).toBeTruthy();
    await userEvent.click(within(hint).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a member, status 0: asks them to contact the owner, with a confirm button only', async () => {
    await renderDialog(<CompanyStatus />, withStatus(0, { role_id: 4 }));
    const hint = await screen.findByRole('dialog', { name: 'Company verification' });
    expect(hint.textContent).toContain('ask the company owner');
    const buttons = within(hint)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toContain('Confirm');
    expect(buttons).not.toContain('Verify now');
    expect(buttons).not.toContain('Cancel');
  });

  it('no hint for verified (2) or verifying (1) companies', async () => {
    await renderDialog(<CompanyStatus />, withStatus(1));
    await screen.findByTestId('verify-badge');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
