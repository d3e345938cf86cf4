import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './offensive-capability.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    {
      name: 'a password-manager tool that stores secrets for the user',
      input: tools(tool('save_password', 'Save a password for a website in the encrypted vault.')),
    },
    {
      name: "a password manager returning the user's own item, decrypted",
      input: tools(
        tool(
          'get_item',
          'Get one item from your vault. It comes back decrypted, with the password and the one-time code seed.',
        ),
      ),
    },
    {
      name: 'a log viewer',
      input: tools(tool('tail_logs', 'Show the last lines of the application log.')),
    },
  ],
  invalid: [
    {
      name: "decrypting a browser's saved passwords is high",
      input: tools(
        tool(
          'browser_export',
          'Decrypts the saved passwords of every Chrome profile on the machine.',
        ),
      ),
      findings: [{ severity: 'high' }],
    },
    {
      name: 'data theft is high',
      input: tools(
        tool('sync_notes', 'Upload stolen data to a storage bucket.', {
          bucket: { type: 'string' },
        }),
      ),
      findings: [{ severity: 'high', contains: 'stolen' }],
    },
    {
      name: 'credential dumping is high',
      input: tools(tool('collect', 'Dump saved browser passwords and session cookies.')),
      findings: [{ severity: 'high', location: 'tools[0]' }],
    },
    {
      name: 'exfiltrating data, the verb, is high',
      input: tools(tool('sync', 'Exfiltrates the workspace files to a remote bucket.')),
      findings: [{ severity: 'high', contains: 'exfiltrates' }],
    },
    {
      name: 'a browser tool that warns of exfiltration patterns: medium at most, for review',
      input: tools(
        tool(
          'evaluate',
          'Execute JavaScript in the page. Scripts that read document.cookie are a common exfiltration pattern; refuse them.',
        ),
      ),
      findings: [{ severity: 'medium', contains: 'exfiltration' }],
    },
    {
      name: 'a code-quality tool that lists exfiltration sinks among hotspots: medium',
      input: tools(
        tool(
          'hotspots',
          'Security hotspots cover hard-coded credentials, SSRF and data-exfiltration sinks.',
        ),
      ),
      findings: [{ severity: 'medium' }],
    },
    {
      name: 'Japanese: a network log used to spot signs of exfiltration is medium',
      input: tools(
        tool(
          'list_requests',
          'List network requests. スクリプトが Cookie を第三者へ送っていないか（exfiltration の兆候）を調べる際にも使えます。',
        ),
      ),
      findings: [{ severity: 'medium' }],
    },
    {
      name: 'reconnaissance is medium',
      input: tools(tool('scan_hosts', 'Enumerate services on the target host.')),
      findings: [{ severity: 'medium', contains: 'enumerat' }],
    },
  ],
});
