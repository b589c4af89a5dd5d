import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizeProvider } from '../size.js';
import { renderWithUi } from '../test-support.js';
import { Alert } from './alert.js';
import { Button } from './button.js';
import { Field } from './field.js';
import { Input } from './input.js';
import { LanguageSelect } from './language-select.js';
import { PasswordInput } from './password-input.js';
import { Result } from './result.js';

afterEach(cleanup);

describe('Button', () => {
  it('is a non-submitting button unless told otherwise', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('button');
  });

  it('blocks clicks and reports busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('styles its child instead of rendering a button with asChild', () => {
    render(
      <Button asChild variant="primary">
        <a href="/dashboard">Home</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link.className).toContain('bg-primary');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Field', () => {
  it('labels its control so it can be found by its label', () => {
    render(
      <Field label="Account">
        <Input />
      </Field>,
    );
    expect(screen.getByLabelText('Account').tagName).toBe('INPUT');
  });

  it('marks a required control without putting the asterisk into its accessible name', () => {
    render(
      <Field label="Password" required>
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Password', { exact: true });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('marks the control invalid and announces the message', () => {
    render(
      <Field label="Account" error="Enter a valid phone">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Account');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Enter a valid phone');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });
});

describe('Alert and Result', () => {
  it('errors are alerts, information is a status', () => {
    render(
      <>
        <Alert tone="error">Wrong password</Alert>
        <Alert>Saved</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('a result has a heading with its title', () => {
    render(<Result status="404" title="Page not found" subtitle="Check the address" />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('PasswordInput', () => {
  it('keeps the field label on the input and reveals the text on request', async () => {
    renderWithUi(
      <Field label="Password">
        <PasswordInput showLabel="Show" hideLabel="Hide" defaultValue="secret" />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("names its toggle in the user's language when the caller gives no names", async () => {
    renderWithUi(<PasswordInput aria-label="Password" />, 'zh-TW');
    await userEvent.click(screen.getByRole('button', { name: '顯示密碼' }));
    expect(screen.getByRole('button', { name: '隱藏密碼' })).toBeTruthy();
  });
});

describe('LanguageSelect', () => {
  it('offers the three languages by their own names and reports the choice', async () => {
    const onChange = vi.fn();
    render(<LanguageSelect label="Language" value="zh-CN" onChange={onChange} />);
    const select = screen.getByLabelText('Language');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '简体中文',
      'English',
      '繁體中文',
    ]);
    await userEvent.selectOptions(select, 'en');
    expect(onChange).toHaveBeenCalledWith('en');
  });
});

describe('control size (spec §9)', () => {
  it('buttons and inputs follow the size the shell provides, unless given their own', () => {
    render(
      <SizeProvider size="small">
        <Button>Small</Button>
        <Button size="large">Large</Button>
        <Input aria-label="name" />
      </SizeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Small' }).className).toContain('h-7');
    expect(screen.getByRole('button', { name: 'Large' }).className).toContain('h-10');
    expect(screen.getByRole('textbox', { name: 'name' }).className).toContain('h-7');
  });

  it('is medium by default', () => {
    render(<Input aria-label="name" />);
    expect(screen.getByRole('textbox', { name: 'name' }).className).toContain('h-8');
  });
});
