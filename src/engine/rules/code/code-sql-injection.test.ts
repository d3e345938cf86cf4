import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-sql-injection.js';

ruleTester(rule, {
  valid: [
    {
      name: 'parameterised node-postgres and better-sqlite3 queries',
      input: await code(
        'server.ts',
        `
        server.tool('find_user', 'Find a user', { email: z.string() }, async ({ email }) => {
          const a = await pool.query('SELECT id FROM users WHERE email = $1', [email]);
          const b = db.prepare('SELECT * FROM users WHERE email = ?').get(email);
          return { content: [{ type: 'text', text: JSON.stringify([a.rows, b]) }] };
        });
        `,
      ),
    },
    {
      name: 'a constant table name interpolated into SQL',
      input: await code(
        'server.ts',
        `
        const TABLE = 'events';
        export function count() { return db.prepare(\`SELECT count(*) FROM \${TABLE}\`).get(); }
        `,
      ),
    },
    {
      name: 'Python DB-API placeholders; app.get route; f-string that is not SQL',
      input: await code(
        'server.py',
        `
        @mcp.tool()
        def orders(customer: str) -> list:
            cur.execute("SELECT * FROM orders WHERE customer = %s", (customer,))
            cur.execute("SELECT * FROM orders WHERE id = :id", {"id": customer})
            log.info(f"looked up {customer}")
            cache.get(f"orders:{customer}")
            return cur.fetchall()
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'template literal with a tool argument into pool.query',
      input: await code(
        'server.ts',
        `
        server.tool('search', 'Search products', { term: z.string() }, async ({ term }) => {
          const sql = \`SELECT * FROM products WHERE name LIKE '%\${term}%'\`;
          const result = await pool.query(sql);
          return { content: [{ type: 'text', text: JSON.stringify(result.rows) }] };
        });
        `,
      ),
      findings: [{ severity: 'high', location: 'server.ts:3', contains: 'caller input' }],
    },
    {
      name: 'Python f-string, % and .format into execute',
      input: await code(
        'server.py',
        `
        import sqlite3
        conn = sqlite3.connect("app.db")
        @mcp.tool()
        def lookup(name: str, limit: int) -> list:
            cur = conn.cursor()
            cur.execute(f"SELECT * FROM users WHERE name = '{name}'")
            cur.execute("DELETE FROM sessions WHERE user = '%s'" % name)
            q = "SELECT * FROM logs WHERE user = '{}'".format(name)
            return cur.execute(q).fetchall()
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.py:6' },
        { severity: 'high', location: 'server.py:7' },
        { severity: 'high', location: 'server.py:9' },
      ],
    },
    {
      name: 'concatenated SQL from a non-input variable is low',
      input: await code(
        'server.js',
        `
        const where = buildFilter();
        db.exec('DELETE FROM cache WHERE ' + where);
        `,
      ),
      findings: [{ severity: 'low', location: 'server.js:2' }],
    },
    {
      name: 'Prisma $queryRawUnsafe and knex.raw with input',
      input: await code(
        'server.ts',
        `
        export async function report(args: { column: string; id: string }) {
          await prisma.$queryRawUnsafe(\`SELECT \${args.column} FROM accounts\`);
          return knex.raw('SELECT * FROM accounts WHERE id = ' + args.id);
        }
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.ts:2' },
        { severity: 'high', location: 'server.ts:3' },
      ],
    },
  ],
});
