import { TOKEN_STORAGE_KEY } from '@vap/contracts';
import { testToken } from '@vap/kernel/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { consoleMessages, firstScreenMessages, shellMessages } from './messages.js';

beforeEach(() => localStorage.clear());

describe("the first screen's strings, loaded while the console boots", () => {
  it("leave out the signed-in screens' strings when no session is stored (the sign-in page reads none)", () => {
    expect(firstScreenMessages(localStorage)).not.toContain(shellMessages);
    expect(firstScreenMessages(localStorage)).toContain(consoleMessages);
  });

  it('leave them out for an expired session, which signs in again', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, testToken(-3600));
    expect(firstScreenMessages(localStorage)).not.toContain(shellMessages);
  });

  it('include them with a usable session, whose first screen is a signed-in one', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, testToken());
    expect(firstScreenMessages(localStorage)).toContain(shellMessages);
  });
});
