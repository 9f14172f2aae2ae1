// The Courses API contract, as agreed with the origin (GraphQL SDL).
// CoursesTests checks that this copy matches the contract file beside it, courses.graphql.

/// The Courses API contract.
public enum CoursesContract {
  /// The schema, in GraphQL SDL, exactly as the contract file states it.
  public static let schema = #"""
    # Courses API — the contract between the Courses feature and its origin.
    #
    # Transport: GraphQL over HTTP. POST to the endpoint (COURSES_API_URL) with
    #   Content-Type: application/json
    #   body {"query": "...", "operationName": "...", "variables": {...}}
    # The response is {"data": {...}} or {"data": null|{...}, "errors": [{"message": "...", "path": [...]}]}.
    # A response with a non-empty "errors" array is a failure of that request.
    # Times are ISO 8601 strings in UTC, e.g. "2026-11-20T09:30:00Z".
    #
    # Any query the client sends must validate against this schema. A client may
    # ask for several root fields in one request.

    schema {
      query: Query
    }

    type Query {
      "All categories, in display order."
      categories: [Category!]!

      "Courses with the given ids, in the order of `ids`; unknown ids are left out."
      courses(ids: [ID!]!): [Course!]!

      "The signed-in user's recently viewed courses, newest first, at most `limit`."
      recentCourses(limit: Int!): [Course!]!

      "Courses recommended for the signed-in user, best first, at most `limit`."
      recommendedCourses(limit: Int!): [Course!]!

      "Ranking sections by topic, in display order; each lists course ids best first."
      rankings: [RankingContents!]!

      "The signed-in user's progress on the given courses; courses never started are left out."
      userCourses(courseIds: [ID!]!): [UserCourse!]!
    }

    type Category {
      id: ID!
      name: String!
    }

    enum Level {
      BEGINNER
      INTERMEDIATE
      ADVANCED
    }

    type Course {
      id: ID!
      title: String!
      categoryId: ID!
      instructor: String!
      summary: String
      durationMinutes: Int!
      level: Level!
      thumbnailUrl: String
      updatedAt: String!
    }

    type RankingContents {
      label: String!
      labelId: ID!
      courseIds: [ID!]!
    }

    type UserCourse {
      courseId: ID!
      "0.0 to 1.0"
      progress: Float!
      lastViewedAt: String
    }

    """#
}
