// `palisade accounts create|set`: account administration (DESIGN.md §4). The API key is printed
// once at creation; only its hash and an encrypted copy are stored.

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { createAccount } from '../jobs/accounts.js';
import { StoreConflictError } from '../store/errors.js';
import { TIERS, VARIANTS, type Account, type Tier, type Variant } from '../store/port.js';
import { AdminError, normaliseEmail, withAdminContext } from './admin-context.js';
import type { CliContext } from './context.js';

function tierOption(): Option {
  return new Option('--tier <tier>', 'plan').choices(TIERS);
}

function describeAccount(account: Account): string {
  return [
    `  account id  ${account.id}`,
    `  email       ${account.email}`,
    `  plan        ${account.tier}`,
    `  variant     ${account.variant ?? 'default'}`,
    `  API key     ${account.apiKeyHint}`,
  ].join('\n');
}

export function registerAccountsCommand(program: Command, ctx: CliContext): void {
  const accounts = program.command('accounts').description('Create and change accounts.');

  accounts
    .command('create')
    .description('Create an account and print its API key (shown once).')
    .requiredOption('--email <email>', 'the account email (unique)')
    .addOption(tierOption().makeOptionMandatory())
    .option('--json', 'print {"account_id","email","tier","api_key"} as JSON')
    .action(async (options: { email: string; tier: Tier; json?: boolean }) => {
      await withAdminContext(ctx, async (admin) => {
        const email = normaliseEmail(options.email);
        let created: Awaited<ReturnType<typeof createAccount>>;
        try {
          const accounts = await import('../jobs/accounts.js');
          created = await accounts.createAccount(admin, { email, tier: options.tier });
        } catch (error) {
          if (error instanceof StoreConflictError && error.field === 'email') {
            throw new AdminError(`an account with email ${email} already exists`);
          }
          throw error;
        }
        const { account, apiKey } = created;
        if (options.json) {
          const body = {
            account_id: account.id,
            email: account.email,
            tier: account.tier,
            api_key: apiKey,
          };
          ctx.stdout(`${JSON.stringify(body)}\n`);
          return;
        }
        ctx.stdout(
          [
            `Created account ${account.email} on the ${account.tier} plan.`,
            `  account id  ${account.id}`,
            `  API key     ${apiKey}`,
            '',
            'The API key is shown only once: store it now (e.g. in a password manager).',
            '',
          ].join('\n'),
        );
      });
    });

  accounts
    .command('set')
    .description("Change an account's plan or stored response variant.")
    .requiredOption('--email <email>', 'the account email')
    .addOption(tierOption())
    .addOption(
      new Option('--variant <variant>', 'response variant (A, B, or default)').argParser(
        parseVariant,
      ),
    )
    .action(async (options: { email: string; tier?: Tier; variant?: Variant | 'default' }) => {
      await withAdminContext(ctx, async (admin) => {
        if (options.tier === undefined && options.variant === undefined) {
          throw new AdminError('nothing to change: pass --tier and/or --variant');
        }
        const email = normaliseEmail(options.email);
        const account = await admin.store.accounts.findByEmail(email);
        if (!account) throw new AdminError(`no account with email ${email}`);
        const updated = await admin.store.accounts.update(account.id, {
          ...(options.tier !== undefined ? { tier: options.tier } : {}),
          ...(options.variant !== undefined
            ? { variant: options.variant === 'default' ? null : options.variant }
            : {}),
        });
        if (!updated) throw new AdminError(`no account with email ${email}`);
        ctx.stdout(`Updated ${updated.email}.\n${describeAccount(updated)}\n`);
      });
    });
}

/** `default` clears the stored preference (commander keeps option values as strings). */
function parseVariant(raw: string): Variant | 'default' {
  const value = raw.trim().toUpperCase();
  if (value === 'DEFAULT' || value === 'NONE') return 'default';
  if ((VARIANTS as readonly string[]).includes(value)) return value as Variant;
  throw new InvalidArgumentError('Allowed values are A, B and default.');
}
