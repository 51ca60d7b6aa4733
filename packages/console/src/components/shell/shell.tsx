import { AppShell } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet } from 'react-router';

import { Sidebar } from './sidebar.js';
import { TopBar } from './top-bar.js';

/** The console frame: top bar (with a shadow once the content scrolls), sidebar, routed page. */
export const Shell = () => {
  const [navbarOpened, navbar] = useDisclosure(false);
  const [scroll] = useWindowScroll();

  // Spec §4: confirm and alert dialogs close on browser back navigation.
  useEffect(() => {
    const close = () => modals.closeAll();
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <AppShell.Header
        style={{ boxShadow: scroll.y > 0 ? 'var(--mantine-shadow-sm)' : 'none', transition: 'box-shadow 150ms ease' }}
        data-scrolled={scroll.y > 0 ? 'true' : 'false'}
      >
        <TopBar navbarOpened={navbarOpened} onToggleNavbar={navbar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={navbar.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
