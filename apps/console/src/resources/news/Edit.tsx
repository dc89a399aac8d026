import { BooleanInput, Create, Edit, SelectInput, SimpleForm, TextInput, required, regex } from 'react-admin';
import { NEWS_TYPES } from '@/resources/news/List';

/** The portal home's news and maintenance-alerts feed (GET /v1/news/alerts). Publishing sets the time to now. */
function NewsForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <SelectInput source="type" label="Type" choices={NEWS_TYPES} validate={required()} defaultValue="NEWS" />
      <TextInput source="title" label="Title" validate={required()} fullWidth />
      <TextInput source="message" label="Message" validate={required()} multiline minRows={3} fullWidth />
      <TextInput source="link" label="Link" fullWidth validate={regex(/^https?:\/\//, 'Starts with http:// or https://')} />
      <BooleanInput source="published" label="Published" defaultValue={false} />
    </SimpleForm>
  );
}

/** Only the fields a staff member edits: publishedAt follows the Published switch. */
const transform = ({ publishedAt: _at, createdAt: _c, createdBy: _b, ...data }: Record<string, unknown>) => data;

export const NewsEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={transform} title="Edit news item">
    <NewsForm />
  </Edit>
);

export const NewsCreate = () => (
  <Create redirect="list" title="New news item">
    <NewsForm />
  </Create>
);
