/**
 * Pages are followed through the `next` link PostHog returns. Only its query is used, against our own host: the
 * link is built from the Host header PostHog saw, which behind a proxy need not be the address we called.
 */

export interface Page<T> {
  readonly next: string | null;
  readonly results: readonly T[];
}

/** Yields every item, fetching the next page only when the caller asks for more. */
export async function* followPages<T>(
  fetchPage: (query: Record<string, string>) => Promise<Page<T>>,
  firstQuery: Record<string, string>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pagesOf(fetchPage, firstQuery)) yield* page.results;
}

/** Yields every page as PostHog answers it (its `count` too), fetching the next only when the caller asks for more. */
export async function* pagesOf<P extends Page<unknown>>(
  fetchPage: (query: Record<string, string>) => Promise<P>,
  firstQuery: Record<string, string>,
): AsyncGenerator<P, void, undefined> {
  let query: Record<string, string> | undefined = firstQuery;
  const seen = new Set<string>();
  while (query) {
    const page: P = await fetchPage(query);
    yield page;
    query = page.next ? queryOf(page.next) : undefined;
    // A server that hands back a link it already gave would otherwise loop forever.
    const key = JSON.stringify(query);
    if (query && seen.has(key)) throw new Error(`PostHog returned the same next page twice (${page.next}).`);
    seen.add(key);
  }
}

export async function collect<T>(items: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const all: T[] = [];
  if (limit <= 0) return all;
  for await (const item of items) {
    all.push(item);
    if (all.length >= limit) break;
  }
  return all;
}

function queryOf(link: string): Record<string, string> {
  return Object.fromEntries(new URL(link, "http://placeholder").searchParams);
}
