import { act, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ScreenLoading } from '@/app/ScreenLoading';
import { lazyScreen } from '@/shared/routing/lazyScreen';

function deferredModule() {
  let resolveModule: (m: { Greeting: (p: { name: string }) => React.JSX.Element }) => void = () => undefined;
  const promise = new Promise<{ Greeting: (p: { name: string }) => React.JSX.Element }>(
    (r) => (resolveModule = r),
  );
  let loads = 0;
  const load = () => {
    loads += 1;
    return promise;
  };
  return { load, loads: () => loads, resolveModule };
}

const Greeting = ({ name }: { name: string }) => <h2>Hello {name}</h2>;

describe('a lazily loaded screen', () => {
  it('shows the accessible loading indicator until its code has arrived, then the screen', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load, 'Greeting');
    render(
      <Suspense fallback={<ScreenLoading />}>
        <Screen name="Ann" />
      </Suspense>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(async () => module.resolveModule({ Greeting }));

    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('renders at once, without the indicator, once preloaded', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load, 'Greeting');
    module.resolveModule({ Greeting });
    await Screen.preload();
    render(
      <Suspense fallback={<ScreenLoading />}>
        <Screen name="Bob" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Bob' })).toBeInTheDocument();
    expect(module.loads()).toBe(1);
  });
});

describe('the route table', () => {
  it('imports no feature screen statically, except the 404 and the maintenance page', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../app/routes.tsx'), 'utf8');
    const staticScreens = [...source.matchAll(/^import\s[^;]*?from\s+'(@\/features\/[^']+)'/gm)].map(
      (m) => m[1],
    );
    expect(staticScreens.sort()).toEqual([
      '@/features/system/components/MaintenanceScreen',
      '@/features/system/components/NotFoundScreen',
    ]);
    const lazyScreens = [...source.matchAll(/import\('(@\/features\/[^']+)'\)/g)].map((m) => m[1]);
    expect(lazyScreens).toEqual(
      expect.arrayContaining([
        '@/features/auth/components/LoginScreen',
        '@/features/account/components/AccountScreen',
        '@/features/register/components/RegisterScreen',
      ]),
    );
  });
});
