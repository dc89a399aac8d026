import { SaveButton, Toolbar } from 'react-admin';

/** For records the API does not delete (customers, users): Save, and no Delete button that would fail. */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
