import type { TargetLanguage } from '@parla/shared/content.schema';
import { UserProfileSchema } from '@parla/shared/users.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfile } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** Switches the course; the server keeps the progress of every course the learner has taken. */
export const updateCourse = ({ targetLanguage, requestId }: { targetLanguage: TargetLanguage; requestId: string }) =>
  apiRequest('/users/me/profile', {
    method: 'PUT',
    body: { target_language: targetLanguage },
    schema: UserProfileSchema,
    requestId,
  });

export const useUpdateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (profile) => {
      setCachedProfile(queryClient, profile);
      // Lessons, dashboard and practice all depend on the course.
      void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
    },
  });
};
