/**
 * Rows for the SIP server's tests, written as the console writes them: companies, extensions with
 * HA1 credentials for their company's SIP domain (domain.ts), call centers with agents in order.
 */
import type postgres from 'postgres';
import { digestCredentials, sipDomainOf } from '../domain.js';

export interface TestExtension {
  id: number;
  companyId: number;
  dialId: string;
  domain: string;
  password: string;
}

export async function addCompany(sql: postgres.Sql, name: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into companies (name) values (${name}) returning id`;
  if (!row) throw new Error('no company');
  return row.id;
}

export async function addExtension(
  sql: postgres.Sql,
  sipDomain: string,
  companyId: number,
  dialId: string,
  password: string,
  kind: 'agent' | 'device' = 'agent',
): Promise<TestExtension> {
  const domain = sipDomainOf(companyId, sipDomain);
  const { ha1, ha1b } = digestCredentials(dialId, domain, password);
  const [row] = await sql<{ id: number }[]>`
    insert into voip_extensions (company_id, kind, dial_id, domain, display_name, ha1, ha1b)
    values (${companyId}, ${kind}, ${dialId}, ${domain}, ${dialId}, ${ha1}, ${ha1b}) returning id`;
  if (!row) throw new Error('no extension');
  return { id: row.id, companyId, dialId, domain, password };
}

export interface TestCallCenter {
  dialId: string;
  strategy: 'ring_all' | 'top_down' | 'round_robin' | 'longest_idle' | 'random';
  maxWait: number;
  ringTimeout: number;
  delayNoAnswer?: number;
  delayBusy?: number;
  delayReject?: number;
}

export async function addCallCenter(
  sql: postgres.Sql,
  companyId: number,
  center: TestCallCenter,
  agents: TestExtension[],
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into voip_call_centers (company_id, dial_id, name, strategy, max_wait, ring_timeout,
      delay_no_answer, delay_busy, delay_reject)
    values (${companyId}, ${center.dialId}, ${center.dialId}, ${center.strategy}, ${center.maxWait},
      ${center.ringTimeout}, ${center.delayNoAnswer ?? 0}, ${center.delayBusy ?? 0}, ${center.delayReject ?? 0})
    returning id`;
  if (!row) throw new Error('no call center');
  for (const [position, agent] of agents.entries()) {
    await sql`insert into voip_call_center_agents (call_center_id, extension_id, position)
      values (${row.id}, ${agent.id}, ${position})`;
  }
  return row.id;
}
