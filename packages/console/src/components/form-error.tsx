import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type Props = {
  message?: string | undefined;
  /** A heading above the message. */
  title?: string | undefined;
  /** Problems to list one by one under the message. */
  items?: readonly string[] | undefined;
};

/** A form's error that belongs to no field (shown above the fields). */
export const FormError = ({ message, title, items = [] }: Props) =>
  message || title || items.length > 0 ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={title} style={{ whiteSpace: 'pre-line' }}>
      {items.length === 0 ? (
        message
      ) : (
        <Stack gap="xs">
          {message && <Text size="sm">{message}</Text>}
          <List size="sm" spacing={4}>
            {items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  ) : null;
