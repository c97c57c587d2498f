import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { productionEnv } from '../../../tests/support/production-env.ts';
import { parsePushServiceOrigins } from '../../security/push-services.ts';
import { isPublicAddress, pushDestination } from './push-destination.ts';

/** Secrets given, so that no development secrets file is read or written. */
const { SECRET_KEY, SECURITY_CODE_PEPPER, CHAIN_SIGNING_KEY } = productionEnv;
const secrets = { SECRET_KEY, SECURITY_CODE_PEPPER, CHAIN_SIGNING_KEY };

describe('isPublicAddress', () => {
  it('takes global unicast only, v4, v6 and v4-mapped alike', () => {
    const local = [
      ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'],
      ['10.0.0.1', '172.16.5.4', '192.168.1.1', '::ffff:10.0.0.1', '100.64.0.1'],
      ['169.254.169.254', 'fe80::1'],
      ['fd00::1', 'fc00::1'],
      ['224.0.0.1', 'ff02::1', '255.255.255.255'],
      ['0.0.0.0', '::', '::ffff:0.0.0.0'],
      // IPv6 forms that carry an IPv4 address: 6to4 and NAT64 of 127.0.0.1.
      ['2002:7f00:1::1', '64:ff9b::7f00:1'],
      ['not an address', ''],
    ].flat();
    for (const address of local) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['142.250.185.74', '2a00:1450:4001:80b::200a', '::ffff:142.250.185.74'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('PUSH_SERVICE_ORIGINS', () => {
  it('is a comma-separated list of origins, a leading *. for the names below a host', () => {
    expect(parsePushServiceOrigins('http://127.0.0.1:38300, https://*.notify.windows.com')).toEqual([
      'http://127.0.0.1:38300',
      'https://*.notify.windows.com',
    ]);
    for (const bad of [
      '',
      'fcm.googleapis.com',
      'https://fcm.googleapis.com/fcm/send',
      'ftp://x.example',
      'https://a@b.example',
    ])
      expect(parsePushServiceOrigins(bad), bad).toBeUndefined();
    expect(() => loadConfig({ ...secrets, PUSH_SERVICE_ORIGINS: 'https://push.example.com/path' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
  });

  it('defaults to the browsers’ push services in production, to any origin elsewhere; set, it is the only list', () => {
    expect(loadConfig({ ...productionEnv }).pushServices).toEqual({
      allowed: [
        'https://fcm.googleapis.com',
        'https://updates.push.services.mozilla.com',
        'https://web.push.apple.com',
        'https://*.notify.windows.com',
      ],
      trusted: [],
    });
    expect(loadConfig(secrets).pushServices).toEqual({ allowed: 'any', trusted: [] });
    const listed = loadConfig({ ...secrets, PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:38300' }).pushServices;
    expect(listed).toEqual({ allowed: ['http://127.0.0.1:38300'], trusted: ['http://127.0.0.1:38300'] });
    // The listed local service is trusted; any other local address is still refused.
    expect(pushDestination(listed, 'http://127.0.0.1:38300/push/a')).toEqual({ kind: 'trusted' });
    expect(pushDestination(listed, 'http://127.0.0.1:38301/push/a').kind).toBe('refused');
    expect(pushDestination(listed, 'http://0x7f000001:38300/push/a')).toEqual({ kind: 'trusted' });
    expect(pushDestination({ allowed: 'any', trusted: [] }, 'https://push.example.com/a')).toEqual({
      kind: 'public-only',
    });
  });
});
