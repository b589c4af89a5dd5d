import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import PasswordDialog from './password-dialog.js';
import { renderDialog, testUser } from './test-kit.js';

// md5 of '123456'.
const MD5_OLD = 'e10adc3949ba59abbe56e057f20f883e';

describe('change password dialog (spec §3, §4.1, §5.2, §8)', () => {
  it('checks length (password tip) and equality (passwords differ) before calling the server', async () => {
    const { api } = await renderDialog(<PasswordDialog onClose={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Old password'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), '12345');
    await userEvent.type(screen.getByLabelText('Confirm password'), '54321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', '/v1/pms/user/password')).toHaveLength(0);
  });

  it('sends md5 digests, then an alert, then logs out and goes to /login', async () => {
    const onClose = vi.fn();
    const { api, kernel } = await renderDialog(<PasswordDialog onClose={onClose} />, testUser(), {
      'PUT /v1/pms/user/password': { status: 204 },
      'POST /v1/pms/user/logout': { status: 204 },
    });
    await userEvent.type(await screen.findByLabelText('Old password'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Password changed' });
    const [sent] = callsTo(api.calls, 'PUT', '/v1/pms/user/password');
    expect(sent?.body).toEqual({
      old_password: MD5_OLD,
      new_password: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((sent?.body as { new_password?: string } | undefined)?.new_password).not.toBe(MD5_OLD);
    expect(kernel.session.state.status).toBe('ready');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /login');
    expect(callsTo(api.calls, 'POST', '/v1/pms/user/logout')).toHaveLength(1);
    expect(kernel.session.state.status).toBe('anonymous');
    expect(onClose).toHaveBeenCalled();
  });

  it('hides the old password when the account has none, and sets one with POST', async () => {
    const { api } = await renderDialog(
      <PasswordDialog onClose={() => {}} />,
      testUser({ is_password_empty: true }),
      {
        'POST /v1/pms/user/password': { status: 204 },
      },
    );
    await userEvent.type(await screen.findByLabelText('New password'), '123456');
    expect(screen.queryByLabelText('Old password')).toBeNull();
    await userEvent.type(screen.getByLabelText('Confirm password'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog');
    expect(callsTo(api.calls, 'POST', '/v1/pms/user/password')[0]?.body).toEqual({ password: MD5_OLD });
  });

  it("shows 'password change error' with the server's message and closes", async () => {
    const onClose = vi.fn();
    const { kernel } = await renderDialog(<PasswordDialog onClose={onClose} />, testUser(), {
      'PUT /v1/pms/user/password': refusal(400, {
        code: 'wrong_old_password',
        message: 'The old password is wrong',
      }),
    });
    await userEvent.type(await screen.findByLabelText('Old password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password change error: The old password is wrong')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(kernel.session.state.status).toBe('ready');
  });
});
