// `palisade keys rotate --email E`: issues a new API key and prints it once. The old key stops
// working at once (its hash is replaced); later webhook deliveries are signed with the new key.

import type { Command } from 'commander';
import { AdminError, normaliseEmail, withAdminContext } from './admin-context.js';
import type { CliContext } from './context.js';

export function registerKeysCommand(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('Manage API keys.');
  keys
    .command('rotate')
    .description('Replace the API key of an account; the old key is revoked immediately.')
    .requiredOption('--email <email>', 'the account email')
    .option('--json', 'print {"account_id","email","api_key"} as JSON')
    .action(async (options: { email: string; json?: boolean }) => {
      await withAdminContext(ctx, async (admin) => {
        const email = normaliseEmail(options.email);
        const account = await admin.store.accounts.findByEmail(email);
        if (!account) throw new AdminError(`no account with email ${email}`);
        const { rotateApiKey } = await import('../jobs/accounts.js');
        const rotated = await rotateApiKey(admin, account.id);
        if (!rotated) throw new AdminError(`no account with email ${email}`);
        if (options.json) {
          const body = { account_id: account.id, email: account.email, api_key: rotated.apiKey };
          ctx.stdout(`${JSON.stringify(body)}\n`);
          return;
        }
        ctx.stdout(
          [
            `New API key for ${account.email}: ${rotated.apiKey}`,
            'The previous key no longer works. This key is shown only once.',
            '',
          ].join('\n'),
        );
      });
    });
}
