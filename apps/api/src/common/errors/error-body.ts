/** The spec's error shape: every failure answers {"errors":[{"message":"..."}]}. */
export interface ErrorBody {
  errors: { message: string; field?: string; code?: string }[];
}

export const errorBody = (messages: string[], code?: string): ErrorBody => ({
  errors: messages.map((message) => (code ? { message, code } : { message })),
});
