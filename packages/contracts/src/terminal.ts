/**
 * The remote terminal (spec §2.1 /telnet, §6 "Free plan does not support remote telnet"; issue 16):
 * from a device row, the console asks for a short-lived, single-use ticket for that device and
 * opens `/telnet?ticket=…` in a new window (never the session token in an address); that page
 * opens a WebSocket to TERMINAL_SOCKET_PATH with the ticket, and the server relays it to the
 * device's shell over MQTT (device-jobs.ts, TERMINAL_COMMANDS).
 */
import { z } from 'zod';

/** The plans of a company: the free plan has no remote terminal (spec §6). */
export const COMPANY_PLANS = ['free', 'standard'] as const;
export type CompanyPlan = (typeof COMPANY_PLANS)[number];

/** A ticket opens one terminal within this many seconds, once. */
export const TERMINAL_TICKET_SECONDS = 60;
/** A session nobody typed into for this long is closed. */
export const TERMINAL_IDLE_MINUTES = 10;
/**
 * The most characters one input message carries (a paste is sent in pieces of it): what a keystroke
 * burst may ask of the device and of the audit log at once is bounded.
 */
export const TERMINAL_INPUT_MAX_CHARS = 4096;
/**
 * The server asks the device about each open session this often (`term_keepalive`), and a side
 * that has heard nothing of the other for TERMINAL_SILENCE_SECONDS takes it for gone: the server
 * closes the terminal (`device_lost`), the device ends its shell. So a device that dropped
 * without a word, or a server that did, frees the terminal within that time.
 */
export const TERMINAL_KEEPALIVE_SECONDS = 5;
export const TERMINAL_SILENCE_SECONDS = 20;

/** POST devices/{id}/telnet: the ticket, and the console's page to open with it. */
export const terminalTicketSchema = z.object({
  ticket: z.string(),
  /** `/telnet?ticket=…`, to open in a new window. */
  url: z.string(),
  expires_at: z.string(),
});
export type TerminalTicket = z.infer<typeof terminalTicketSchema>;

/** What the terminal page sends on its WebSocket: keys as xterm.js gives them, or its new size. */
export const terminalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().max(TERMINAL_INPUT_MAX_CHARS) }),
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessageSchema>;

/**
 * Why a terminal session ended: the ticket was used, expired or forged; the device's shell ended
 * it (`exit`); the device went offline; nobody typed for TERMINAL_IDLE_MINUTES; the window closed;
 * the device refused (`busy`: too many sessions); the server stopped; the sign-in session that
 * opened it ended (sign-out, a password change elsewhere, the user removed, its expiry); the
 * user's role no longer gives the terminal on this device; the device stopped answering.
 */
export const TERMINAL_END_REASONS = [
  'ticket_invalid',
  'busy',
  'device_closed',
  'device_offline',
  'idle',
  'closed',
  'device_refused',
  'server_stopped',
  'signed_out',
  'access_revoked',
  'device_lost',
] as const;
export type TerminalEndReason = (typeof TERMINAL_END_REASONS)[number];

/**
 * What the server sends on the WebSocket: the shell's output, or the end of the session with why,
 * in words of the language of the console that asked for the ticket (`message`), which the page
 * shows.
 */
export type TerminalServerMessage =
  | { type: 'output'; data: string }
  | { type: 'opened'; sn: string; name: string }
  | { type: 'closed'; reason: TerminalEndReason; message?: string };
