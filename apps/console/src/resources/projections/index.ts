import Storage from '@mui/icons-material/Storage';
import type { ResourceProps } from 'react-admin';
import { ProjectionList } from '@/resources/projections/List';
import { ProjectionShow } from '@/resources/projections/Show';

/** Read models: GET /admin/projections[/{name}], POST /admin/projections/{name}/rebuild. */
export const projections: ResourceProps = {
  name: 'projections',
  list: ProjectionList,
  show: ProjectionShow,
  icon: Storage,
  options: { label: 'Projections' },
  recordRepresentation: 'name',
};
