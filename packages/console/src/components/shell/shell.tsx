import { AppShell } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { Outlet } from 'react-router';

import { useCloseDialogsOnBack } from '../dialogs.js';
import { Sidebar } from './sidebar.js';
import { TopBar } from './top-bar.js';

/** The console frame: top bar (with a shadow once the content scrolls), sidebar, routed page. */
export const Shell = () => {
  const [navbarOpened, navbar] = useDisclosure(false);
  const [scroll] = useWindowScroll();

  useCloseDialogsOnBack();

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
