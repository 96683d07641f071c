import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { SECTIONS } from './sections';

function isActive(sectionPath: string, currentPath: string): boolean {
  if (sectionPath === '/') return currentPath === '/';
  return currentPath === sectionPath || currentPath.startsWith(`${sectionPath}/`);
}

export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label="Sections">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.path}
          component={Link}
          to={section.path}
          label={section.label}
          active={isActive(section.path, pathname)}
          aria-current={isActive(section.path, pathname) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </ScrollArea>
  );
}
