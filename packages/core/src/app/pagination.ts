import type { PaginationQuery } from '@gatehouse/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { ApiError } from './errors.js';

export const pageWindow = ({ page, page_size: pageSize }: PaginationQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * `Total-Number`, and `Total-Number-Capped: true` when the list stops at a limit (a user search
 * counts its first 1,000 matches) and there are more.
 */
const setTotal = (reply: FastifyReply, total: number, capped: boolean) => {
  reply.header('Total-Number', String(total));
  if (capped) {
    reply.header('Total-Number-Capped', 'true');
  }
};

/**
 * Sets `Total-Number` and an RFC 8288 `Link` header (first, prev, next, last). A page past the
 * last one is a 400 naming the last page; page 1 of an empty list is simply empty.
 */
export const setPageHeaders = (
  request: FastifyRequest,
  reply: FastifyReply,
  { page, page_size: pageSize }: PaginationQuery,
  total: number,
  capped = false,
) => {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > lastPage) {
    throw new ApiError(400, 'guard.page_out_of_range', { page, lastPage });
  }
  setTotal(reply, total, capped);
  // originalUrl keeps a /t/{tenantId} prefix that routing stripped.
  const url = new URL(request.originalUrl, 'http://placeholder');
  const link = (target: number, rel: string) => {
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(pageSize));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) {
    links.push(link(page - 1, 'prev'));
  }
  if (page < lastPage) {
    links.push(link(page + 1, 'next'));
  }
  links.push(link(lastPage, 'last'));
  reply.header('Link', links.join(', '));
};

/** Headers of a keyset page: `Total-Number`, and a `next` Link carrying the cursor while more rows follow. */
export const setCursorHeaders = (request: FastifyRequest, reply: FastifyReply, total: number, nextCursor: string | undefined, capped = false) => {
  setTotal(reply, total, capped);
  if (nextCursor) {
    const url = new URL(request.originalUrl, 'http://placeholder');
    url.searchParams.delete('page');
    url.searchParams.set('cursor', nextCursor);
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
};
