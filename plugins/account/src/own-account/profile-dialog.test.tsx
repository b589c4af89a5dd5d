import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import ProfileDialog from './profile-dialog.js';
import { renderDialog, testUser } from './test-kit.js';

const user = testUser({ nickname: '张三', email: 'zhang@example.com', remark: '' });

describe('profile dialog (spec §3 "Forms", §5.2, §8)', () => {
  it('shows phone and email read-only and the nickname and remark editable', async () => {
    await renderDialog(<ProfileDialog onClose={() => {}} />, user);
    expect((await screen.findByLabelText('Phone')).hasAttribute('readonly')).toBe(true);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('13800138000');
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('张三');
  });

  it('saves the trimmed values, reloads user info and says so', async () => {
    const onClose = vi.fn();
    const { api, session } = await renderDialog(<ProfileDialog onClose={onClose} />, user, {
      'PUT /v1/pms/user': { status: 204 },
    });
    const nickname = await screen.findByLabelText('Nickname');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, ' 李四 ');
    await userEvent.type(screen.getByLabelText('Remark'), ' 夜班 ');
    session.user = { ...user, nickname: '李四', remark: '夜班' };
    const before = callsTo(api.calls, 'GET', '/v1/pms/user').length;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', '/v1/pms/user')[0]?.body).toEqual({
      nickname: '李四',
      email: 'zhang@example.com',
      remark: '夜班',
    });
    expect(callsTo(api.calls, 'GET', '/v1/pms/user').length).toBe(before + 1);
    expect(onClose).toHaveBeenCalled();
  });

  it('checks the nickname (2 to 10 Chinese characters) before calling the server', async () => {
    const { api } = await renderDialog(<ProfileDialog onClose={() => {}} />, user);
    const nickname = await screen.findByLabelText('Nickname');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The nickname is 2 to 10 Chinese characters')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', '/v1/pms/user')).toHaveLength(0);
  });

  it("shows 'profile fail' with the server's message", async () => {
    const onClose = vi.fn();
    await renderDialog(<ProfileDialog onClose={onClose} />, user, {
      'PUT /v1/pms/user': refusal(409, { code: 'email_taken', message: 'Email already used' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save the profile: Email already used')).toBeTruthy();
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());
  });
});
