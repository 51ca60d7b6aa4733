import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';

import { Logo } from './logo.js';

/** Spec §9: the spinner appears only after 500 ms, so fast loads do not flash it. */
export const spinnerDelayMs = 500;

export const DelayedLoader = ({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) => {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), spinnerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return visible ? <Loader size={size} data-testid="loading-spinner" /> : null;
};

/** The whole-page loading state: the logo, then the spinner after the delay. */
export const LoadingScreen = () => (
  <Center h="100vh" aria-busy="true">
    <Stack align="center" gap="lg">
      <Logo size={48} />
      <div style={{ height: 36 }}>
        <DelayedLoader />
      </div>
    </Stack>
  </Center>
);

/** Loading state inside a page. */
export const PageLoading = () => (
  <Center mih={240} aria-busy="true">
    <DelayedLoader />
  </Center>
);
