CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"titulo" text NOT NULL,
	"resumo" text NOT NULL,
	"conteudo" text NOT NULL,
	"autor_id" text,
	"autor_nome" text NOT NULL,
	"publicado" boolean DEFAULT false NOT NULL,
	"publicado_em" timestamp with time zone,
	"capa_key" text,
	"capa_largura" integer,
	"capa_altura" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_publicado_em_ck" CHECK (not "blog_posts"."publicado" or "blog_posts"."publicado_em" is not null)
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_uq" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_publicados_idx" ON "blog_posts" USING btree ("publicado","publicado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_atualizado_em_idx" ON "blog_posts" USING btree ("atualizado_em");