import { formatNumberSuffix, formatThousands } from '@vap/contracts';

export interface CompactNumberProps {
  value: number;
  /** Decimals kept with a suffix (default 1). */
  digits?: number;
}

/**
 * A count made short with the suffixes of spec §9 (`1.2M`), the whole number with its thousands
 * separators in its title and its machine value: a client's messages, a chart's axis.
 */
export function CompactNumber({ value, digits = 1 }: CompactNumberProps) {
  const short = formatNumberSuffix(value, digits);
  const whole = formatThousands(value);
  return (
    <data value={value} title={short === whole ? undefined : whole}>
      {short}
    </data>
  );
}
