// The environment for an npm install nested inside another npm command (`npm start` and `npm test`
// install the VS Code server with npm).
//
// Why: npm exports its whole state to the scripts it runs (npm_config_user_agent with the outer
// Node's version, npm_config_node_gyp and npm_execpath pointing at the outer npm, npm_package_*,
// npm_lifecycle_*, NODE, INIT_CWD). A nested npm keeps an inherited npm_config_* value whenever
// its own default is the same setting, so code-server's install script, which reads the Node
// version from npm_config_user_agent, saw "node/v20" under Node 24 and refused to install. The
// nested install must start from the environment a user's shell would give it: what npm added
// is removed, except the settings that say how to reach the registry (a registry, a proxy or a
// CA given on the outer command line must still apply).

/** npm_config_* keys (lower case, `-` as `_`) that say how to reach the registry: kept. */
const NETWORK_SETTINGS = new Set([
  'registry',
  'proxy',
  'https_proxy',
  'http_proxy',
  'noproxy',
  'cafile',
  'ca',
  'strict_ssl',
  'fetch_retries',
  'fetch_timeout',
]);

/** Whether `name` is a variable that npm sets for the scripts it runs. */
function setByNpm(name) {
  return name.startsWith('npm_') || name === 'NODE' || name === 'INIT_CWD';
}

/** Whether an npm-set variable still matters to a nested install: how to reach the registry. */
function networkSetting(name) {
  if (!name.startsWith('npm_config_')) return false;
  const key = name.slice('npm_config_'.length);
  // Scoped registries (`@scope:registry`) and credentials for a registry (`//host/:_authToken`).
  return NETWORK_SETTINGS.has(key) || key.endsWith(':registry') || key.startsWith('//');
}

/**
 * `env` without what an outer npm added (see above), plus `overrides`. User-set variables,
 * including upper-case NPM_CONFIG_* ones, are kept: npm itself only sets lower-case names.
 */
export function isolatedNpmEnvironment(env, overrides = {}) {
  const isolated = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (setByNpm(name) && !networkSetting(name)) continue;
    isolated[name] = value;
  }
  return { ...isolated, ...overrides };
}
