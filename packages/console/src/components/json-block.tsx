import { Code } from '@mantine/core';

/** A JSON value, pretty-printed and read-only (log payloads, identity details). */
export const JsonBlock = ({ value }: { value: unknown }) => (
  <Code block fz="xs" style={{ maxHeight: 480, overflow: 'auto', direction: 'ltr', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
    {JSON.stringify(value, null, 2)}
  </Code>
);
