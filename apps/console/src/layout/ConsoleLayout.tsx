import { AppBar, Layout, TitlePortal, type LayoutProps } from 'react-admin';
import { Brand } from '@/layout/Brand';
import { ConsoleMenu } from '@/layout/ConsoleMenu';

function ConsoleAppBar() {
  return (
    <AppBar color="primary">
      <Brand height={24} />
      <TitlePortal sx={{ ml: 2, fontSize: '1rem', fontWeight: 500, opacity: 0.85 }} />
    </AppBar>
  );
}

export function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} />;
}
