import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOfSipDomain, digestCredentials, sipDomainOf } from './domain.js';

describe('SIP domains and digest credentials', () => {
  it('gives each company its own SIP domain and reads the company back from it', () => {
    expect(sipDomainOf(12, 'sip.example.com')).toBe('c12.sip.example.com');
    expect(companyOfSipDomain('c12.sip.example.com', 'sip.example.com')).toBe(12);
    expect(companyOfSipDomain('C12.SIP.example.com', 'sip.example.com')).toBe(12);
  });

  it('reads no company from a domain outside the SIP domain or without one', () => {
    expect(companyOfSipDomain('c12.evil.example.com', 'sip.example.com')).toBeNull();
    expect(companyOfSipDomain('sip.example.com', 'sip.example.com')).toBeNull();
    expect(companyOfSipDomain('c0.sip.example.com', 'sip.example.com')).toBeNull();
    expect(companyOfSipDomain('c1x.sip.example.com', 'sip.example.com')).toBeNull();
  });

  it('stores the RFC 2617 HA1 of user, realm and password, never the password', () => {
    const { ha1, ha1b } = digestCredentials('1001', 'c1.sip.test', 'secret12');
    expect(ha1).toBe(createHash('md5').update('1001:c1.sip.test:secret12').digest('hex'));
    expect(ha1b).toBe(createHash('md5').update('1001@c1.sip.test:c1.sip.test:secret12').digest('hex'));
    expect(`${ha1}${ha1b}`).not.toContain('secret12');
  });
});
