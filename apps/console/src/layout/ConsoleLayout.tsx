import { AppBar, Layout, TitlePortal, type LayoutProps } from 'react-admin';
import { Brand } from '@/layout/Brand';
import { ConsoleMenu } from '@/layout/ConsoleMenu';

function ConsoleAppBar() {
  return (
    <AppBar color="primary">
      <Brand height={24} compact />
      <TitlePortal
        sx={{ ml: { xs: 1, sm: 2 }, minWidth: 0, fontSize: '1rem', fontWeight: 500, opacity: 0.85 }}
      />
    </AppBar>
  );
}

export function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} />;
}
