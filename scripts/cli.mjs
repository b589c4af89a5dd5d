/**
 * What the repository's scripts share: a refusal prints `<command>: <why>` and exits 1, `--help`
 * prints the usage, and an option the script does not know is refused with the usage. Plain Node.
 */
import { parseArgs } from 'node:util';

export function command(name, usage) {
  function fail(message) {
    console.error(`${name}: ${message}`);
    process.exit(1);
  }

  function parse(argv, options, allowPositionals = false) {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals,
        options: { ...options, help: { type: 'boolean', short: 'h' } },
      });
    } catch (error) {
      fail(`${error.message}\n\n${usage}`);
    }
    if (parsed.values.help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  }

  /** An npm registry's address, ending in a slash as npm writes them. */
  function registryAddress(value) {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
      fail(`"${value}" is not a registry address (e.g. https://npm.example.com/).`);
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
  }

  return { fail, parse, registryAddress };
}
