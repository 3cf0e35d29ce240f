// The page kind: a free page is listed, routed and headed like a resource screen: the menu
// leaves it out without the permission it names (area and action), its URL shows "no access"
// then, its crumbs run through its parent resource's list, and the parent's scope is around it.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { activeEntryPath, visibleEntries } from '../../app/layout/navbar';
import { getSession } from '../../app/session';
import { gadgetEntry, gadgetLabels } from '../../testing/fake-resource';
import { grants, i18n, initTestI18n, renderAt, signIn } from '../../testing/test-utils';
import { PageHeader } from '../layout/page-header';
import { useResourceScope } from '../resource/resource-scope';
import type { PageEntry, ScreenEntry } from '../resource/types';
import { lazyPage } from './page-routes';
import { usePageScope } from './page-scope';

function GadgetWizard() {
  const { title, crumbs } = usePageScope();
  const { entry } = useResourceScope();
  return (
    <>
      <PageHeader crumbs={crumbs} title={title} />
      <p>Back to /{entry.path}</p>
    </>
  );
}

const wizard: PageEntry = {
  kind: 'page',
  name: 'gadget_wizard',
  path: 'gadgets/new',
  parent: 'gadget',
  area: 'partner',
  action: 'create',
  group: 'master_data',
  icon: () => null,
  load: async () => ({ page: GadgetWizard }),
};
const hidden: PageEntry = { ...wizard, name: 'gadget_hidden', path: 'gadget-hidden', hideInMenu: true };
const all: ScreenEntry[] = [gadgetEntry, wizard, hidden];

beforeEach(() => {
  initTestI18n();
  i18n.addResourceBundle(
    'en',
    'translation',
    {
      resources: { gadget: gadgetLabels },
      pages: { gadget_wizard: { title: 'Gadget wizard', summary: 'Many gadgets at once' } },
    },
    true,
    true,
  );
});

describe('page kind', () => {
  it('should be in the menu only with the permission it names, and never when hidden from it', () => {
    signIn({ role_list: grants(['partner'], ['view']) });
    expect(visibleEntries(getSession(), all).map((e) => e.name)).toEqual(['gadget']);
    signIn({ role_list: grants(['partner'], ['view', 'create']) });
    expect(visibleEntries(getSession(), all).map((e) => e.name)).toEqual(['gadget', 'gadget_wizard']);
  });

  it('should mark the page active, not the list its URL sits under', () => {
    expect(activeEntryPath('/gadgets/new', all)).toBe('gadgets/new');
    expect(activeEntryPath('/gadgets/7', all)).toBe('gadgets');
    expect(activeEntryPath('/elsewhere', all)).toBeUndefined();
  });

  it('should show the page with crumbs through its parent, inside the parent resource scope', async () => {
    signIn({ role_list: grants(['partner'], ['view', 'create']) });
    const Page = lazyPage(wizard, gadgetEntry);
    renderAt(<Page />, { path: '/gadgets/new', route: '/gadgets/new' });
    expect(await screen.findByRole('heading', { name: 'Gadget wizard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gadgets' })).toHaveAttribute('href', '/gadgets');
    expect(screen.getByText('Master data')).toBeInTheDocument();
    expect(screen.getByText('Back to /gadgets')).toBeInTheDocument();
  });

  it('should say "no access" at its URL without the permission', async () => {
    signIn({ role_list: grants(['partner'], ['view']) });
    const Page = lazyPage({ ...wizard, name: 'gadget_wizard_denied' }, gadgetEntry);
    renderAt(<Page />, { path: '/gadgets/new', route: '/gadgets/new' });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gadget wizard' })).not.toBeInTheDocument();
  });
});
