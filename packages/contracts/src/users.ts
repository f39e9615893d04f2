import { z } from 'zod';
import { idSchema } from './common.ts';

/** Avatar URLs (under /api/assets/files/…); null while the user has no avatar. */
/** How a person whose account was deleted is shown in what they leave behind (their messages). */
export const DELETED_USER_NAME = 'Deleted user';

export const userImageSchema = z
  .object({
    original: z.string().describe('URL of the re-encoded original (longest side ≤ 1024 px)'),
    thumbnail: z.string().describe('URL of the 128×128 thumbnail'),
  })
  .nullable();
export type UserImage = z.infer<typeof userImageSchema>;

/** The fields a person is shown with everywhere: id, first and last name, picture. */
export const personFields = {
  _id: z.string(),
  name: z.string(),
  lastName: z.string(),
  image: userImageSchema,
};

/** GET /users/users/me: the signed-in user (SPEC §3 "User profile"). */
export const currentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  image: userImageSchema,
  createdAt: z.string().describe('ISO 8601 timestamp'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /users/users/{profileId}: a public profile; the email only for its owner and their crew. */
export const userProfileSchema = z.object({
  ...personFields,
  createdAt: z.string().describe('ISO 8601 timestamp'),
  email: z.string().optional().describe('present only for the owner and their crew'),
  isYourFriend: z.boolean(),
  isFriendRequestSent: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET and PUT /users/users/me/privacy: who may find the signed-in user. */
export const userPrivacySchema = z.strictObject({
  findableByEmail: z
    .boolean()
    .describe('whether a crew search by the whole email address finds this account (off by default)'),
});
export type UserPrivacy = z.infer<typeof userPrivacySchema>;

export const profileParamsSchema = z.strictObject({
  profileId: idSchema.describe('the user id (uuid)'),
});
