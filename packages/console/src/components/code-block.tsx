import { Box, Code, Group, Paper, Text } from '@mantine/core';

import { CopyButton, useCopy } from './copy-box.js';

/** Source code to copy: a file name (or language) bar with the copy button, then the code. */
export const CodeBlock = ({ code, title }: { code: string; title: string }) => {
  const copier = useCopy(code);
  return (
    <Paper withBorder radius="md" onMouseLeave={copier.reset} data-testid="code-block">
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
          {title}
        </Text>
        <CopyButton copier={copier} />
      </Group>
      <Box style={{ overflow: 'auto', maxHeight: 560 }}>
        <Code block fz="xs" bg="transparent" style={{ direction: 'ltr', whiteSpace: 'pre', tabSize: 2 }} data-testid="code-block-code">
          {code}
        </Code>
      </Box>
    </Paper>
  );
};
