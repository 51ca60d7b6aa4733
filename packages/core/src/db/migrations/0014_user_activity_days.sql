CREATE TABLE "user_activity_days" (
	"tenant_id" varchar(21) NOT NULL,
	"day" date NOT NULL,
	"user_id" varchar NOT NULL,
	CONSTRAINT "user_activity_days_tenant_id_day_user_id_pk" PRIMARY KEY("tenant_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "user_activity_days_tenant_isolation" ON "user_activity_days" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- user_activity_days is kept by a row trigger on logs, run as the tables' owner. Activity is a
-- successful end of a sign-in or registration, or a token issued to a user; client-credentials
-- tokens have no user. The WHEN condition is checked without calling the function, so the entries
-- that are not activity (most of them) cost next to nothing; a statement trigger would build a
-- transition table for every insert.
CREATE FUNCTION user_activity_days_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO user_activity_days (tenant_id, day, user_id)
  VALUES (NEW.tenant_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.user_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER logs_user_activity_days AFTER INSERT ON logs FOR EACH ROW
  WHEN (NEW.key IN ('Interaction.SignIn.Submit', 'Interaction.Register.Submit', 'ExchangeTokenBy.AuthorizationCode',
                    'ExchangeTokenBy.RefreshToken', 'ExchangeTokenBy.TokenExchange')
        AND NEW.result = 'Success' AND NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION user_activity_days_add();
--> statement-breakpoint
INSERT INTO user_activity_days (tenant_id, day, user_id)
SELECT DISTINCT tenant_id, (created_at AT TIME ZONE 'UTC')::date, user_id FROM logs
WHERE key IN ('Interaction.SignIn.Submit', 'Interaction.Register.Submit', 'ExchangeTokenBy.AuthorizationCode',
              'ExchangeTokenBy.RefreshToken', 'ExchangeTokenBy.TokenExchange')
  AND result = 'Success' AND user_id IS NOT NULL;
