/**
 * What the cards of other plugins share (issue 29): their summary from SUMMARY_CALLS, asked
 * quietly, and the design system's SummaryCard linking to the page it summarises. An entry of its
 * own (`@vap/plugin-dashboard/summary-card`), bundled like the extension points: a contributing
 * plugin carries it and none of the dashboard's code.
 */
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { type CallOutput, callKey, SUMMARY_CALLS } from '@vap/contracts';
import { type CallOptions, useClient, usePagePath } from '@vap/kernel';
import { SummaryCard, type SummaryCardProps } from '@vap/ui';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

type Summaries = typeof SUMMARY_CALLS;

export interface SummaryOptions {
  /** Its query key, when a key of the plugin's own should refresh it; else the call's. */
  queryKey?: QueryKey;
  /** How often it is asked again while the dashboard shows it; never, without. */
  refreshMs?: number;
}

/** Summary `name` of SUMMARY_CALLS, for a card. Quiet: the card says it failed, with a retry. */
export function useSummary<N extends keyof Summaries>(name: N, { queryKey, refreshMs }: SummaryOptions = {}) {
  const summaries = useClient(SUMMARY_CALLS);
  const ask = summaries[name] as (
    input: undefined,
    options: CallOptions,
  ) => Promise<CallOutput<Summaries[N]>>;
  return useQuery({
    queryKey: queryKey ?? callKey(SUMMARY_CALLS[name]),
    queryFn: ({ signal }) => ask(undefined, { quiet: true, signal }),
    ...(refreshMs === undefined ? {} : { refetchInterval: refreshMs }),
  });
}

/**
 * The card of page `page` (with `query`, e.g. a view of it): `Card` drawn with the page's path, for
 * its link — and nothing for a user whose menu lacks the page, as its calls would be refused.
 */
export function pageCard(
  page: string,
  Card: ComponentType<{ to: string }>,
  query?: Record<string, string>,
): ComponentType {
  return function PageCard() {
    const to = usePagePath(page, query);
    return to ? <Card to={to} /> : null;
  };
}

export interface PageSummaryCardProps<N extends keyof Summaries>
  extends Omit<SummaryCardProps<CallOutput<Summaries[N]>>, 'link' | 'query' | 'data-testid'>,
    SummaryOptions {
  /** The summary of SUMMARY_CALLS it shows (`useSummary`); its test id is `<summary>-card`. */
  summary: N;
  /** The path of the page it summarises (`usePagePath`), which its link opens. */
  to: string;
  /** What its link says. */
  open: ReactNode;
}

/** SummaryCard of summary `summary`, with its link to the page it summarises. */
export function PageSummaryCard<N extends keyof Summaries>({
  summary,
  queryKey,
  refreshMs,
  to,
  open,
  ...card
}: PageSummaryCardProps<N>) {
  const query = useSummary(summary, { queryKey, refreshMs });
  return (
    <SummaryCard
      {...card}
      data-testid={`${summary}-card`}
      query={query}
      link={
        <Link to={to} className="text-sm text-primary hover:underline">
          {open}
        </Link>
      }
    />
  );
}

/** One figure of a card: its label over its number, in the card's `<dl>`. */
export function SummaryFigure({
  label,
  value,
  tone = 'text-ink',
}: {
  label: string;
  value: string;
  tone?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className={`text-2xl font-medium tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}
