import assert from 'node:assert/strict';
import { it } from 'node:test';
import { typosquatOf } from './_popular.js';
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

// Hard negatives at scale: common real packages (top of npm and PyPI) are never look-alikes.
const npm =
  'react-dom react-is prop-types tslib rxjs classnames uuid semver glob minimatch chalk debug ms qs cookie mime-types accepts vary depd statuses on-finished finalhandler serve-static send etag fresh range-parser type-is content-type raw-body iconv-lite safe-buffer inherits ee-first destroy setprototypeof toidentifier http-errors encodeurl escape-html parseurl path-to-regexp merge-descriptors methods utils-merge proxy-addr forwarded ipaddr.js negotiator mime bytes unpipe graceful-fs fs-extra jsonfile universalify rimraf mkdirp yallist lru-cache commander yargs-parser camelcase decamelize strip-ansi ansi-regex ansi-styles supports-color has-flag color-convert color-name string-width wrap-ansi cliui y18n escalade get-caller-file require-directory once wrappy inflight fs.realpath path-is-absolute brace-expansion balanced-match concat-map dotenv-expand cross-spawn which isexe shebang-command path-key nanoid postcss picocolors esbuild rollup vite vitest jest mocha chai sinon eslint prettier typescript ts-node tsx zod ajv fast-deep-equal json-schema-traverse uri-js punycode express-rate-limit helmet cors body-parser morgan compression multer sharp axios-retry form-data combined-stream asynckit delayed-stream follow-redirects proxy-from-env @types/node @types/express undici ws socket.io-client engine.io eventemitter3 p-limit p-queue lodash.merge lodash-es immer redux react-redux next nuxt vue svelte angular openapi-types openai @anthropic-ai/sdk @modelcontextprotocol/sdk zod-to-json-schema express-session passport jsonwebtoken bcrypt bcryptjs pg mysql2 sqlite3 better-sqlite3 mongodb mongoose redis ioredis kysely knex prisma sequelize typeorm dayjs date-fns luxon moment nodemon pm2 concurrently husky lint-staged'.split(
    ' ',
  );
const pypi =
  'numpy pandas scipy scapy matplotlib seaborn requests urllib3 certifi idna charset-normalizer httpx httpcore anyio sniffio h11 starlette fastapi uvicorn pydantic pydantic-core typing-extensions annotated-types mcp fastmcp click rich typer jinja2 markupsafe pyyaml toml tomli attrs six python-dateutil pytz tzdata boto3 botocore s3transfer jmespath boto aiohttp aiosignal frozenlist multidict yarl async-timeout openai anthropic tiktoken langchain langchain-core transformers torch torchx torchvision tensorflow keras scikit-learn joblib threadpoolctl pillow opencv-python sqlalchemy psycopg2 psycopg2-binary pymongo redis celery kombu flask werkzeug itsdangerous django gunicorn websockets websocket-client paramiko cryptography cffi pycparser bcrypt pyjwt python-jose passlib python-multipart email-validator dnspython pytest pluggy iniconfig coverage mypy black ruff isort setuptools wheel pip virtualenv poetry uv'.split(
    ' ',
  );

it('dependency-typosquat: no common real package is reported', () => {
  const reported = [
    ...npm.filter((n) => typosquatOf('npm', n)),
    ...pypi.filter((n) => typosquatOf('pypi', n)),
  ];
  assert.deepEqual(reported, []);
});
