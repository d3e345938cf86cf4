// Snapshot builders and hard negatives shared by the snapshot rule tests.
import type { McpSnapshot, McpTool } from '../../types.js';

export function tools(...list: McpTool[]): McpSnapshot {
  return { tools: list };
}

export function tool(
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
  extra: Partial<McpTool> = {},
): McpTool {
  return { name, description, inputSchema: { type: 'object', properties }, ...extra };
}

/** Benign definitions every rule must stay silent on (the hard negatives of the brief). */
export const HARD_NEGATIVES: { name: string; input: McpSnapshot }[] = [
  {
    name: 'honest login tool with a password field',
    input: tools(
      tool('login', 'Sign in to the service with a username and password and return a session.', {
        username: { type: 'string', description: 'Account user name' },
        password: { type: 'string', description: 'Account password', format: 'password' },
      }),
    ),
  },
  {
    name: 'documented shell tool annotated destructive',
    input: tools(
      tool(
        'run_shell_command',
        'Runs a shell command in the project directory and returns stdout and stderr. Commands can modify or delete files; the client asks for confirmation.',
        { command: { type: 'string', description: 'The command line to run', maxLength: 4096 } },
        { annotations: { destructiveHint: true, readOnlyHint: false, openWorldHint: true } },
      ),
    ),
  },
  {
    name: 'the word important in an ordinary sentence',
    input: tools(
      tool(
        'create_note',
        'Creates a note. It is important to give the note a short title so it is easy to find later.',
        {
          title: { type: 'string', maxLength: 200 },
          body: { type: 'string', maxLength: 10000 },
        },
      ),
    ),
  },
  {
    name: 'non-English descriptions and an emoji ZWJ sequence',
    input: tools(
      tool('translate', '将文本翻译成目标语言。支持中文、英文和日文。', {
        text: { type: 'string', maxLength: 5000 },
      }),
      tool('weather_ar', 'يعرض حالة الطقس الحالية لمدينة معينة.', {
        city: { type: 'string', maxLength: 100 },
      }),
      tool('react', 'Adds a reaction such as 👩‍💻 or 👨‍👩‍👧 to a message.', {
        emoji: { type: 'string', maxLength: 32 },
      }),
      tool('dastur', 'می‌خواهم فایل را باز کنم', { q: { type: 'string', maxLength: 100 } }),
    ),
  },
  {
    name: 'file-read tool that mentions paths generically',
    input: tools(
      tool(
        'read_file',
        'Read the complete contents of a file from the file system. Only works within allowed directories. Paths may be absolute or relative to the workspace root.',
        { path: { type: 'string', description: 'Path of the file to read', maxLength: 4096 } },
        { annotations: { readOnlyHint: true } },
      ),
    ),
  },
  {
    name: 'email tool with a bcc parameter',
    input: tools(
      tool(
        'send_email',
        'Send an email on behalf of the signed-in user. Asks the user to confirm before sending.',
        {
          to: { type: 'array', items: { type: 'string', format: 'email' }, maxItems: 50 },
          cc: { type: 'array', items: { type: 'string', format: 'email' }, maxItems: 50 },
          bcc: {
            type: 'array',
            items: { type: 'string', format: 'email' },
            maxItems: 50,
            description: 'Blind carbon copy recipients',
          },
          subject: { type: 'string', maxLength: 300 },
          body: { type: 'string', maxLength: 100000 },
          confirm: { type: 'boolean', description: 'Set after the user approved the message' },
        },
      ),
    ),
  },
  {
    name: 'GitHub-style tools with many parameters',
    input: tools(
      tool('list_issues', 'List issues in a GitHub repository with filtering options', {
        owner: { type: 'string', maxLength: 100 },
        repo: { type: 'string', maxLength: 100 },
        state: { type: 'string', enum: ['open', 'closed', 'all'] },
        labels: { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 20 },
        sort: { type: 'string', enum: ['created', 'updated', 'comments'] },
        direction: { type: 'string', enum: ['asc', 'desc'] },
        since: { type: 'string', format: 'date-time' },
        page: { type: 'number', maximum: 1000 },
        per_page: { type: 'number', maximum: 100 },
      }),
      tool('create_pull_request', 'Create a new pull request in a GitHub repository', {
        owner: { type: 'string', maxLength: 100 },
        repo: { type: 'string', maxLength: 100 },
        title: { type: 'string', maxLength: 256 },
        body: { type: 'string', maxLength: 65536 },
        head: { type: 'string', maxLength: 256 },
        base: { type: 'string', maxLength: 256 },
        draft: { type: 'boolean' },
      }),
    ),
  },
];
