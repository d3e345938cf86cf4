import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  findAssignedSecrets,
  findSecrets,
  isPlaceholder,
  isSecretLikeKey,
  looksRandom,
  redactSecrets,
  redactValue,
} from './secrets.js';

const SAMPLES: [string, string][] = [
  ['github', 'ghp_' + 'R8x2Kq9LmZ4vT7nB3cW1pY6sD0fH5jA2uE9g'],
  [
    'github-pat',
    'github_pat_' + '11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPqRsTuV',
  ],
  ['openai', 'sk-proj-' + 'Xy7Qw2Er9Tz4Ui8Op3As6Df1Gh5Jk0Lz'],
  ['anthropic', 'sk-ant-api03-' + 'Zq8Wx3Ec7Rv1Tb5Yn9Um2Ik6Ol0Pa4Sd8Fg'],
  ['aws-access-key', 'AKIA' + 'Q3EGRT7HZK2MVX4N'],
  ['slack', 'xoxb-' + '2401234567-8765432109876-AbCdEfGhIjKlMnOpQrStUvWx'],
  ['stripe', 'sk_live_' + '51HqLyjWDarjtT1zdp7dcXYZabc123'],
  ['google', 'AIza' + 'SyD3x9Qw7Er2Ty5Ui8Op1As4Df6Gh0Jk3Lm'],
  ['private-key', '-----BEGIN OPENSSH PRIVATE KEY-----'],
  [
    'jwt',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ],
  ['url-credentials', 'postgres://admin:S3cr3tPassw0rd@db.internal:5432/app'],
  ['gitlab', 'glpat-' + 'Xq7Lm2Zr9Tb4Wc8Yn1Vd'],
  ['npm', 'npm_' + 'Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7Bc0Ef3Hi6'],
  ['huggingface', 'hf_' + 'Qw8Er3Ty6Ui9Op2As5Df8Gh1Jk4Lz7Xc0Vb'],
  ['sendgrid', 'SG.' + 'Ab3De6Gh9Jk2Mn5Pq8St1V.Wx4Yz7Bc0Ef3Hi6Kl9No2Qr5Tu8Wx1Za4Cd7Fg0Ij3L'],
];

describe('secrets: known formats', () => {
  for (const [id, value] of SAMPLES) {
    it(`recognises ${id}`, () => {
      const found = findSecrets(`prefix ${value} suffix`);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]!.kind.id, id);
    });
  }

  it('does not recognise look-alikes without randomness or documented examples', () => {
    for (const text of [
      'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'AKIAIOSFODNN7EXAMPLE',
      'sk-your-key-goes-here',
      'postgres://user:${DB_PASSWORD}@db/app',
      'mysql://user:password@host:port/name',
      'redis://default:pass@localhost:6379',
      'https://user:token@host/repo.git',
      'https://oauth2:YOUR_ACCESS_TOKEN@gitlab.com/group/project.git',
      'https://x-access-token:api_key@github.com/o/r',
      'https://example.com/path?x=1',
      'a plain sentence about tokens and secrets',
    ]) {
      assert.deepEqual(findSecrets(text), [], text);
    }
  });

  it('finds a password in a URL with its whole scheme, as a left-to-right match would', () => {
    const cases: [string, string | undefined][] = [
      ['url=git+https://bot:Zq9wXr7LmP@git.acme.org/x', 'git+https://bot:Zq9wXr7LmP@git.acme.org'],
      [
        '"mongodb+srv://app:Zq9wXr7LmP@cluster0.net/db"',
        'mongodb+srv://app:Zq9wXr7LmP@cluster0.net',
      ],
      ['x_redis://u:Zq9wXr7LmP@cache', undefined], // no word boundary before the scheme
      ['HTTPS://u:Zq9wXr7LmP@host', undefined], // schemes are matched in lower case
      [`${'a'.repeat(30)}://u:Zq9wXr7LmP@host`, undefined], // a scheme of over 21 characters
      ['9x://u:Zq9wXr7LmP@host', undefined], // a digit before it: no word boundary either
    ];
    for (const [text, value] of cases) {
      const found = findSecrets(text).filter((f) => f.kind.id === 'url-credentials');
      assert.deepEqual(
        found.map((f) => [f.value, f.index]),
        value === undefined ? [] : [[value, text.indexOf(value)]],
        text,
      );
    }
  });

  it('stays linear on hostile input', () => {
    const startedAt = performance.now();
    findSecrets(`${'sk-'.repeat(50_000)}${'a'.repeat(100_000)}${'eyJ'.repeat(30_000)}`);
    assert.ok(performance.now() - startedAt < 1000);
  });
});

describe('secrets: placeholders, keys, entropy', () => {
  it('treats references and placeholders as not secret', () => {
    for (const v of [
      '',
      '${env:GITHUB_TOKEN}',
      '${input:api-key}',
      '${TOKEN}',
      '$TOKEN',
      '%TOKEN%',
      '{{token}}',
      '<YOUR_TOKEN>',
      'your-api-key-here',
      'xxx',
      'changeme',
      'Bearer ${env:T}',
    ]) {
      assert.ok(isPlaceholder(v), v);
    }
    assert.ok(!isPlaceholder('p9X2mQ7rT4vL8kZ3wN6b'));
  });

  it('reads secret-looking key names', () => {
    for (const k of [
      'GITHUB_TOKEN',
      'api_key',
      'X-Api-Key',
      'DB_PASSWORD',
      'client_secret',
      'Authorization',
    ])
      assert.ok(isSecretLikeKey(k), k);
    for (const k of ['TOKEN_URL', 'CLIENT_ID', 'AUTH_ENDPOINT', 'TOKEN_TTL', 'SECRET_FILE', 'PATH'])
      assert.ok(!isSecretLikeKey(k), k);
  });

  it('measures randomness', () => {
    assert.ok(looksRandom('p9X2mQ7rT4vL8kZ3wN6b'));
    assert.ok(!looksRandom('hello-world-server'));
    assert.ok(!looksRandom('https://api.example.com/v1'));
    assert.ok(!looksRandom('1.2.3.4.5.6.7.8.9'));
  });
});

describe('secrets: assigned credentials of no known format', () => {
  it('finds random values assigned to secret-looking keys, not placeholders or short words', () => {
    const text =
      'password=Tr0ub4dor3xKq9 api_key: "${env:KEY}" token = changeme secret=short1 user_id=abc123def456ghi';
    assert.deepEqual(
      findAssignedSecrets(text).map(({ key, value }) => [key, value]),
      [['password', 'Tr0ub4dor3xKq9']],
    );
  });
});

describe('secrets: redaction', () => {
  it('redacts known formats in any letter case (evidence may quote lower-cased text)', () => {
    assert.equal(
      redactSecrets('key akiaabcdefghijklmnop and AKIAABCDEFGHIJKLMNOP'),
      'key akia… and AKIA…',
    );
  });

  it('leaves ordinary text alone', () => {
    const text = 'Pass token: your personal access token from the settings page.';
    assert.equal(redactSecrets(text), text);
  });

  it('keeps a recognisable prefix and drops the rest', () => {
    assert.equal(redactValue('ghp_R8x2Kq9LmZ4vT7nB3cW1pY6sD0fH5jA2uE9g'), 'ghp_R8x2…');
    assert.equal(redactValue('postgres://admin:S3cr3t@db/app'), 'postgres://admin:…@db/app');
    assert.equal(
      redactValue('-----BEGIN RSA PRIVATE KEY-----\nMII'),
      '-----BEGIN RSA PRIVATE KEY-----…',
    );
  });

  it('redacts known formats and assignments in free text', () => {
    const text = `token ${SAMPLES[0]![1]} and "api_key": "Zk3L9qW2xR7tY5uV8pN1" and TOKEN=\${env:X}`;
    const out = redactSecrets(text);
    assert.ok(!out.includes(SAMPLES[0]![1]));
    assert.ok(!out.includes('Zk3L9qW2xR7tY5uV8pN1'), out);
    assert.ok(out.includes('TOKEN=${env:X}'), out);
  });
});
