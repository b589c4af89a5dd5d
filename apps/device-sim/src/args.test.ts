import { describe, expect, it } from 'vitest';
import { DEFAULT_URL, parseCliArgs, USAGE, UsageError } from './args.js';

const options = (argv: string[]) => {
  const request = parseCliArgs(argv);
  if (request.help) throw new Error('help');
  return request.options;
};

describe('the command line', () => {
  it('reads its options, with defaults', () => {
    expect(options([])).toEqual({
      count: undefined,
      url: DEFAULT_URL,
      protocolVersion: 4,
      credentials: undefined,
      intervalSeconds: 30,
      eventRate: 12,
      seed: undefined,
      spreadSeconds: undefined,
      jobFailureRate: 0,
      verbose: false,
    });
    expect(
      options([
        '--count',
        '200',
        '--url',
        'ws://127.0.0.1:8080/mqtt',
        '--protocol',
        '5',
        '--credentials',
        'units.csv',
        '--interval',
        '2.5',
        '--event-rate=0',
        '--seed',
        'bench',
        '--spread',
        '5',
        '--job-failure-rate',
        '0.25',
        '--verbose',
      ]),
    ).toEqual({
      count: 200,
      url: 'ws://127.0.0.1:8080/mqtt',
      protocolVersion: 5,
      credentials: 'units.csv',
      intervalSeconds: 2.5,
      eventRate: 0,
      seed: 'bench',
      spreadSeconds: 5,
      jobFailureRate: 0.25,
      verbose: true,
    });
    expect(parseCliArgs(['--help'])).toEqual({ help: true });
    expect(parseCliArgs(['-h'])).toEqual({ help: true });
  });

  it.each([
    [['--count', '0'], /--count must be a whole number/],
    [['--count', 'ten'], /--count/],
    [['--count', '1.5'], /--count/],
    [['--count', '-3'], /--count/],
    [['--count', '100001'], /--count/],
    [['--interval', '0'], /--interval/],
    [['--interval', '1e3'], /--interval/],
    [['--event-rate', '-1'], /--event-rate/],
    [['--job-failure-rate', '1.5'], /--job-failure-rate must be from 0 to 1/],
    [['--job-failure-rate', '-0.1'], /--job-failure-rate/],
    [['--url', 'http://127.0.0.1:8080'], /--url must be an mqtt:\/\//],
    [['--url', 'localhost:1883'], /--url/],
    [['--protocol', '3'], /--protocol must be 4 \(MQTT 3\.1\.1\) or 5/],
    [['--protocol', '5.0'], /--protocol/],
    [['--credentials', ''], /--credentials/],
    [['--frobnicate'], /frobnicate/],
    [['--count'], /--count/],
    [['20'], /positional|Unexpected argument/i],
  ])('refuses %j with a message', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('has a usage text naming every option', () => {
    for (const option of [
      '--count',
      '--url',
      '--protocol',
      '--credentials',
      '--interval',
      '--event-rate',
      '--seed',
      '--spread',
      '--job-failure-rate',
    ]) {
      expect(USAGE).toContain(option);
    }
  });
});
