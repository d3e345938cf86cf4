import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrlSyntax, isBlockedAddress, parseCidrList } from './address-policy.js';

describe('isBlockedAddress', () => {
  const blocked = [
    '0.0.0.0',
    '10.0.0.5',
    '100.64.1.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::127.0.0.1', // IPv4-compatible
    '::ffff:0:10.0.0.1', // SIIT
    '64:ff9b::10.0.0.1', // NAT64
    '64:ff9b:1::a00:1', // NAT64 local use
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    'not-an-ip',
    '',
  ];
  for (const ip of blocked) {
    it(`blocks ${JSON.stringify(ip)}`, () => assert.equal(isBlockedAddress(ip), true));
  }

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ];
  for (const ip of allowed) {
    it(`allows ${ip}`, () => assert.equal(isBlockedAddress(ip), false));
  }

  it('exempts addresses inside the allowlist, and only those', () => {
    const allowlist = parseCidrList(['127.0.0.1/32', 'fd00::/8']);
    assert.equal(isBlockedAddress('127.0.0.1', allowlist), false);
    assert.equal(isBlockedAddress('::ffff:127.0.0.1', allowlist), false);
    assert.equal(isBlockedAddress('fd00::5', allowlist), false);
    assert.equal(isBlockedAddress('127.0.0.2', allowlist), true);
    assert.equal(isBlockedAddress('10.0.0.1', allowlist), true);
  });
});

describe('parseCidrList', () => {
  it('accepts CIDRs and bare addresses', () => {
    const list = parseCidrList(['10.0.0.0/8', ' 127.0.0.1 ', '::1']);
    assert.deepEqual(
      list.map((c) => [c.text, c.range[1]]),
      [
        ['10.0.0.0/8', 8],
        ['127.0.0.1', 32],
        ['::1', 128],
      ],
    );
  });

  it('rejects what is not a CIDR with a message naming it', () => {
    assert.throws(() => parseCidrList(['10.0.0.0/99']), /"10\.0\.0\.0\/99" is not a CIDR/);
    assert.throws(() => parseCidrList(['example.com']), /"example\.com" is not a CIDR/);
  });
});

describe('checkUrlSyntax', () => {
  const privateSpellings = [
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/mcp',
    'http://[::]/',
    'http://[::1]:8080/',
    'http://0.0.0.0/',
    'http://0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://10.0.0.5/mcp',
    'https://192.168.0.1/',
    'http://127.0.0.1./', // trailing dot
    'http://127.000.000.001/',
    'http://0x7f.0x0.0x0.0x1/',
    'http://017700000001/',
    'http://%31%32%37.0.0.1/', // percent-encoded
    'http://\u2460\u2461\u2466.0.0.1/', // circled digits, NFKC-folded to 127
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
  ];
  for (const url of privateSpellings) {
    it(`refuses ${url} as a private target`, () => {
      const result = checkUrlSyntax(url);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.reason, 'private_target');
      assert.match(
        !result.ok ? result.message : '',
        /is in a private range and is not scanned\. To scan a local target on purpose, allow its range: set PALISADE_TARGET_ALLOWLIST=\S+ \(comma-separated CIDRs\) where the service runs, or pass --allow \S+ to palisade scan\.$/,
      );
    });
  }

  it('names the normalised address in the message', () => {
    const result = checkUrlSyntax('http://0x7f.1/');
    assert.equal(
      !result.ok && result.message,
      'The target address 127.0.0.1 is in a private range and is not scanned. To scan a local target on purpose, allow its range: set PALISADE_TARGET_ALLOWLIST=127.0.0.1/32 (comma-separated CIDRs) where the service runs, or pass --allow 127.0.0.1/32 to palisade scan.',
    );
  });

  it('refuses other schemes, credentials and garbage', () => {
    const reasonOf = (u: string) => {
      const r = checkUrlSyntax(u);
      return r.ok ? 'ok' : r.reason;
    };
    assert.equal(reasonOf('file:///etc/passwd'), 'unsupported_scheme');
    assert.equal(reasonOf('ftp://example.com/'), 'unsupported_scheme');
    assert.equal(reasonOf('gopher://example.com/'), 'unsupported_scheme');
    assert.equal(reasonOf('http://user:pass@example.com/'), 'credentials_in_url');
    assert.equal(reasonOf('not a url'), 'invalid_url');
    assert.equal(reasonOf('http://'), 'invalid_url');
  });

  it('accepts public names and addresses (names are checked again at connect time)', () => {
    const result = checkUrlSyntax('https://mcp.example.com/mcp');
    assert.equal(result.ok && result.url.hostname, 'mcp.example.com');
    assert.equal(checkUrlSyntax('http://8.8.8.8/').ok, true);
  });

  it('accepts loopback when the allowlist covers it', () => {
    const allowlist = parseCidrList(['127.0.0.1/32']);
    assert.equal(checkUrlSyntax('http://127.0.0.1:4000/mcp', allowlist).ok, true);
    assert.equal(checkUrlSyntax('http://2130706433:4000/mcp', allowlist).ok, true);
    assert.equal(checkUrlSyntax('http://localhost:4000/mcp', allowlist).ok, true);
    assert.equal(checkUrlSyntax('http://127.0.0.2/', allowlist).ok, false);
    assert.equal(checkUrlSyntax('http://10.0.0.1/', allowlist).ok, false);
  });
});
