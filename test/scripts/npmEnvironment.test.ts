import assert from 'node:assert/strict';
import { isolatedNpmEnvironment } from '../../scripts/npmEnvironment.mjs';

// What `npm test` exports to its scripts (read off npm 11 under Node 20), plus user settings.
const UNDER_NPM = {
  PATH: '/usr/local/bin:/usr/bin',
  HOME: '/root',
  NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
  NPM_CONFIG_LOGLEVEL: 'warn',
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  npm_config_nodedir: '/usr',
  npm_config_prefix: '/usr',
  npm_config_cache: '/root/.npm',
  npm_config_registry: 'https://registry.example/',
  'npm_config_@acme:registry': 'https://acme.example/',
  'npm_config_//registry.example/:_authToken': 'secret',
  npm_config_cafile: '/etc/ssl/certs/ca-certificates.crt',
  npm_config_https_proxy: 'http://proxy:3128',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/usr/bin/node',
  npm_package_json: '/work/main/package.json',
  npm_package_name: 'media-monitoring-vscode',
  npm_lifecycle_event: 'test',
  npm_lifecycle_script: 'node scripts/test.mjs',
  npm_command: 'run',
  NODE: '/usr/bin/node',
  INIT_CWD: '/work/main',
};

describe('the environment of an npm install nested in npm start / npm test', () => {
  const isolated = isolatedNpmEnvironment(UNDER_NPM);

  it('drops the outer npm’s user agent, whose Node version code-server’s install script reads', () => {
    assert.equal(isolated.npm_config_user_agent, undefined);
  });

  it('drops what points at the outer npm and Node, and what describes the outer package', () => {
    for (const name of [
      'npm_config_node_gyp',
      'npm_config_nodedir',
      'npm_config_prefix',
      'npm_execpath',
      'npm_node_execpath',
      'npm_package_json',
      'npm_package_name',
      'npm_lifecycle_event',
      'npm_lifecycle_script',
      'npm_command',
      'NODE',
      'INIT_CWD',
    ])
      assert.equal(isolated[name], undefined, name);
    assert.deepEqual(
      Object.keys(isolated).filter((name) => name.startsWith('npm_')),
      [
        'npm_config_registry',
        'npm_config_@acme:registry',
        'npm_config_//registry.example/:_authToken',
        'npm_config_cafile',
        'npm_config_https_proxy',
      ],
    );
  });

  it('keeps how to reach the registry, and everything the user set', () => {
    assert.equal(isolated.npm_config_registry, 'https://registry.example/');
    assert.equal(isolated['npm_config_@acme:registry'], 'https://acme.example/');
    assert.equal(isolated['npm_config_//registry.example/:_authToken'], 'secret');
    assert.equal(isolated.npm_config_https_proxy, 'http://proxy:3128');
    assert.equal(isolated.PATH, UNDER_NPM.PATH);
    assert.equal(isolated.HOME, '/root');
    assert.equal(isolated.NPM_CONFIG_LOGLEVEL, 'warn');
    assert.equal(isolated.NODE_EXTRA_CA_CERTS, UNDER_NPM.NODE_EXTRA_CA_CERTS);
  });

  it('applies the overrides last', () => {
    const withNodedir = isolatedNpmEnvironment(UNDER_NPM, { npm_config_nodedir: '/opt/node24' });
    assert.equal(withNodedir.npm_config_nodedir, '/opt/node24');
  });
});
