import {
  BooleanInput,
  Create,
  Edit,
  ImageField,
  ImageInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  regex,
  useNotify,
} from 'react-admin';
import { NEWS_TYPES } from '@/resources/news/List';

/** What the API takes (news-images.ts): PNG, JPEG, WebP or GIF, at most 2 MB (1000^2 bytes). */
export const NEWS_IMAGE_ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'], 'image/gif': ['.gif'] };
export const NEWS_IMAGE_MAX_BYTES = 2 * 1000 * 1000;
const NEWS_IMAGE_HELP = 'A PNG, JPEG, WebP or GIF picture of at most 2 MB, shown above the item on the portal home page.';

/** The portal home's news and maintenance-alerts feed (GET /v1/news/alerts). Publishing sets the time to now. */
function NewsForm() {
  const notify = useNotify();
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <SelectInput source="type" label="Type" choices={NEWS_TYPES} validate={required()} defaultValue="NEWS" />
      <TextInput source="title" label="Title" validate={required()} fullWidth />
      <TextInput source="message" label="Message" validate={required()} multiline minRows={3} fullWidth />
      <TextInput source="link" label="Link" fullWidth validate={regex(/^https?:\/\//, 'Starts with http:// or https://')} />
      <ImageInput
        source="image"
        label="Picture"
        accept={NEWS_IMAGE_ACCEPT}
        maxSize={NEWS_IMAGE_MAX_BYTES}
        helperText={NEWS_IMAGE_HELP}
        options={{ onDropRejected: () => notify('Choose a PNG, JPEG, WebP or GIF picture of at most 2 MB.', { type: 'warning' }) }}
      >
        <ImageField source="src" title="title" sx={{ '& img': { maxWidth: 320, maxHeight: 180, objectFit: 'contain' } }} />
      </ImageInput>
      <BooleanInput source="published" label="Published" defaultValue={false} />
    </SimpleForm>
  );
}

const fileAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(file);
  });

/**
 * Only the fields a staff member edits: publishedAt follows the Published switch. The picture goes as the API takes
 * it: a newly chosen file as a data URL, null when it was removed, and left out when it is the one already stored.
 */
export async function newsTransform({ publishedAt: _at, createdAt: _c, createdBy: _b, image, ...data }: Record<string, unknown>) {
  const chosen = image && typeof image === 'object' && 'rawFile' in image ? (image as { rawFile: unknown }).rawFile : null;
  if (chosen instanceof Blob) return { ...data, image: await fileAsDataUrl(chosen) };
  if (image === null || image === undefined) return { ...data, image: null };
  return data;
}

export const NewsEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={newsTransform} title="Edit news item">
    <NewsForm />
  </Edit>
);

export const NewsCreate = () => (
  <Create redirect="list" transform={newsTransform} title="New news item">
    <NewsForm />
  </Create>
);
