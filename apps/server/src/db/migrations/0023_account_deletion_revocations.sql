ALTER TABLE "session_revocations" DROP CONSTRAINT "session_revocations_user_id_users_id_fk";
