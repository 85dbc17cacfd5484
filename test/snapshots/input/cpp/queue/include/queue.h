#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>

/* A node of the queue. */
struct node {
  int value;
  struct node *next;
};

typedef struct {
  struct node *head;
  struct node *tail;
  size_t length;
} queue_t;

typedef int (*visit_fn)(int value, void *arg);

queue_t *queue_new(void);
void queue_free(queue_t *q);
int queue_push(queue_t *q, int value);
int queue_pop(queue_t *q, int *out);
size_t queue_each(const queue_t *q, visit_fn visit, void *arg);

#define QUEUE_EMPTY(q) ((q)->length == 0)

#endif
