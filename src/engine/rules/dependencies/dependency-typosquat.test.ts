import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-typosquat.js';
import { packageJson, requirements } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'the real packages (appsecco manifest dependencies)',
      input: packageJson({
        dependencies: {
          '@modelcontextprotocol/sdk': '^1.26.0',
          express: '4.21.2',
          lodash: '4.17.21',
          axios: '1.12.0',
          moment: '2.30.1',
          request: '2.88.2',
          minimist: '1.2.8',
          handlebars: '4.7.8',
          'node-fetch': '2.7.0',
          underscore: '1.13.7',
          yargs: '17.7.2',
          ws: '8.18.0',
          'body-parser': '1.20.3',
          'cookie-parser': '1.4.7',
          multer: '2.0.0',
          jsonwebtoken: '9.0.2',
          dotenv: '16.4.5',
          morgan: '1.10.0',
          compression: '1.7.5',
          helmet: '8.0.0',
          cors: '2.8.5',
          validator: '13.12.0',
          'socket.io': '4.8.1',
          pg: '8.13.1',
          mysql: '2.18.1',
          debug: '4.4.0',
          async: '3.2.6',
          glob: '11.0.0',
          xml2js: '0.6.2',
          preact: '10.25.0',
          zx: '8.0.0',
        },
        devDependencies: { webpack: '5.97.0', jest: '29.7.0', typescript: '5.7.2' },
      }),
    },
    {
      name: 'PyPI spelling variants of the same name are the same package',
      input: requirements(
        'python_dotenv==1.0.1\nPyYAML==6.0.2\nbeautifulsoup4==4.12.3\nmcp==1.26.0\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'letter swaps and doubled letters',
      input: packageJson({ dependencies: { axois: '1.0.0', expresss: '1.0.0' } }),
      findings: [{ severity: 'high', contains: '"axios"' }, { contains: '"express"' }],
    },
    {
      name: 'look-alike scope on the MCP SDK',
      input: packageJson({ dependencies: { '@modelcontextprotocoll/sdk': '1.0.0' } }),
      findings: [{ contains: '@modelcontextprotocol/sdk' }],
    },
    {
      name: 'PyPI typosquats',
      input: requirements('reqeusts==2.31.0\nfastmpc==2.0.0\n'),
      findings: [{ contains: '"requests"' }, { contains: '"fastmcp"' }],
    },
  ],
});
