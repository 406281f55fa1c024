CREATE TABLE "calendario_feeds" (
	"usuario_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendario_feeds" ADD CONSTRAINT "calendario_feeds_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendario_feeds_hash_uq" ON "calendario_feeds" USING btree ("hash");