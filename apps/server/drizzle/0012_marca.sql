ALTER TABLE "empresas" ADD COLUMN "marca_logo_key" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "marca_cor" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_marca_cor_ck" CHECK ("empresas"."marca_cor" is null or "empresas"."marca_cor" ~ '^#[0-9a-f]{6}$');