// The API schemas of the blog routes (request bodies, queries, responses), shared by server and web.
export {};
