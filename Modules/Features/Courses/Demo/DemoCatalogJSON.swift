// The demo catalog the app serves when COURSES_API_URL is not set: realistic data in the shape
// of the Courses API, including Japanese titles and a ranking that names an unknown course.

extension DemoCatalog {
  /// The bundled catalog as JSON.
  static let bundledJSON = #"""
    {
      "categories": [
        {"id": "swift", "name": "Swift"},
        {"id": "ios", "name": "iOS Development"},
        {"id": "server", "name": "Server-side Swift"},
        {"id": "data", "name": "Data Science"},
        {"id": "design", "name": "Design"},
        {"id": "ml", "name": "Machine Learning"},
        {"id": "devops", "name": "DevOps"},
        {"id": "jp", "name": "日本語コース"}
      ],
      "courses": [
        {"id": "c01", "title": "Swift Fundamentals", "categoryId": "swift", "instructor": "Ada Park", "summary": "Values, optionals, collections and control flow.", "durationMinutes": 240, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c01.png", "updatedAt": "2026-01-01T09:30:00Z"},
        {"id": "c02", "title": "Swift Concurrency in Depth", "categoryId": "swift", "instructor": "Kenji Mori", "summary": "async/await, actors, task groups and Sendable.", "durationMinutes": 310, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c02.png", "updatedAt": "2026-02-08T09:30:00Z"},
        {"id": "c03", "title": "Generics and Protocols", "categoryId": "swift", "instructor": "Lea Novak", "summary": "Associated types, opaque and existential types.", "durationMinutes": 180, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c03.png", "updatedAt": "2026-03-15T09:30:00Z"},
        {"id": "c04", "title": "Swiftではじめるプログラミング", "categoryId": "jp", "instructor": "佐藤 花子", "summary": "変数、関数、構造体をゼロから学ぶ入門講座。", "durationMinutes": 200, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c04.png", "updatedAt": "2026-04-22T09:30:00Z"},
        {"id": "c05", "title": "Testing with Swift Testing", "categoryId": "swift", "instructor": "Omar Haddad", "summary": "Suites, parameterised tests and traits.", "durationMinutes": 150, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c05.png", "updatedAt": "2026-05-02T09:30:00Z"},
        {"id": "c06", "title": "Memory and Performance", "categoryId": "swift", "instructor": "Ivy Chen", "summary": "ARC, copy-on-write and profiling.", "durationMinutes": 210, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c06.png", "updatedAt": "2026-06-09T09:30:00Z"},
        {"id": "c07", "title": "SwiftUI Essentials", "categoryId": "ios", "instructor": "Maya Ortiz", "summary": "Views, state and layout.", "durationMinutes": 260, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c07.png", "updatedAt": "2026-07-16T09:30:00Z"},
        {"id": "c08", "title": "UIKit to SwiftUI Migration", "categoryId": "ios", "instructor": "Tom Becker", "summary": "Bridging, navigation and incremental adoption.", "durationMinutes": 190, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c08.png", "updatedAt": "2026-08-23T09:30:00Z"},
        {"id": "c09", "title": "iOSアプリ設計入門", "categoryId": "jp", "instructor": "田中 一郎", "summary": "MVPとMVVMで画面と依存関係を整理する。", "durationMinutes": 230, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c09.png", "updatedAt": "2026-09-03T09:30:00Z"},
        {"id": "c10", "title": "Offline-first iOS Apps", "categoryId": "ios", "instructor": "Sara Lind", "summary": "Caching, sync and conflict resolution.", "durationMinutes": 220, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c10.png", "updatedAt": "2026-10-10T09:30:00Z"},
        {"id": "c11", "title": "Accessibility on iOS", "categoryId": "ios", "instructor": "Noah Kim", "summary": "VoiceOver, Dynamic Type and contrast.", "durationMinutes": 120, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c11.png", "updatedAt": "2026-01-17T09:30:00Z"},
        {"id": "c12", "title": "App Architecture at Scale", "categoryId": "ios", "instructor": "Priya Rao", "summary": "Modules, dependency injection and boundaries.", "durationMinutes": 280, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c12.png", "updatedAt": "2026-02-24T09:30:00Z"},
        {"id": "c13", "title": "Vapor from Scratch", "categoryId": "server", "instructor": "Luis Romero", "summary": "Routes, middleware and Fluent.", "durationMinutes": 240, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c13.png", "updatedAt": "2026-03-04T09:30:00Z"},
        {"id": "c14", "title": "Hummingbird Services", "categoryId": "server", "instructor": "Eva Schultz", "summary": "Lightweight HTTP servers with Swift.", "durationMinutes": 200, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c14.png", "updatedAt": "2026-04-11T09:30:00Z"},
        {"id": "c15", "title": "SwiftNIO Internals", "categoryId": "server", "instructor": "Kenji Mori", "summary": "Channels, event loops and back-pressure.", "durationMinutes": 300, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c15.png", "updatedAt": "2026-05-18T09:30:00Z"},
        {"id": "c16", "title": "サーバーサイドSwift実践", "categoryId": "jp", "instructor": "鈴木 健太", "summary": "APIサーバーの設計からデプロイまで。", "durationMinutes": 260, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c16.png", "updatedAt": "2026-06-25T09:30:00Z"},
        {"id": "c17", "title": "PostgreSQL for App Developers", "categoryId": "server", "instructor": "Anna Berg", "summary": "Schemas, indexes and transactions.", "durationMinutes": 210, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c17.png", "updatedAt": "2026-07-05T09:30:00Z"},
        {"id": "c18", "title": "Observability with swift-log and Metrics", "categoryId": "server", "instructor": "Omar Haddad", "summary": "Logs, metrics and traces that help.", "durationMinutes": 140, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c18.png", "updatedAt": "2026-08-12T09:30:00Z"},
        {"id": "c19", "title": "Statistics for Developers", "categoryId": "data", "instructor": "Grace Liu", "summary": "Distributions, sampling and tests.", "durationMinutes": 250, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c19.png", "updatedAt": "2026-09-19T09:30:00Z"},
        {"id": "c20", "title": "Data Wrangling with Python", "categoryId": "data", "instructor": "Ravi Shah", "summary": "Cleaning, joining and reshaping data.", "durationMinutes": 230, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c20.png", "updatedAt": "2026-10-26T09:30:00Z"},
        {"id": "c21", "title": "SQL Analytics", "categoryId": "data", "instructor": "Anna Berg", "summary": "Window functions and reporting queries.", "durationMinutes": 180, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c21.png", "updatedAt": "2026-01-06T09:30:00Z"},
        {"id": "c22", "title": "データ分析のための統計学", "categoryId": "jp", "instructor": "山本 美咲", "summary": "平均と分散から回帰分析まで。", "durationMinutes": 270, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c22.png", "updatedAt": "2026-02-13T09:30:00Z"},
        {"id": "c23", "title": "Experiment Design", "categoryId": "data", "instructor": "Grace Liu", "summary": "A/B tests, power and pitfalls.", "durationMinutes": 160, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c23.png", "updatedAt": "2026-03-20T09:30:00Z"},
        {"id": "c24", "title": "Visualisation that Explains", "categoryId": "data", "instructor": "Hugo Martin", "summary": "Charts that answer questions.", "durationMinutes": 130, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c24.png", "updatedAt": "2026-04-27T09:30:00Z"},
        {"id": "c25", "title": "Design Systems", "categoryId": "design", "instructor": "Maya Ortiz", "summary": "Tokens, components and governance.", "durationMinutes": 200, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c25.png", "updatedAt": "2026-05-07T09:30:00Z"},
        {"id": "c26", "title": "Typography for Interfaces", "categoryId": "design", "instructor": "Clara Weiss", "summary": "Type scales, rhythm and legibility.", "durationMinutes": 110, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c26.png", "updatedAt": "2026-06-14T09:30:00Z"},
        {"id": "c27", "title": "UXリサーチ入門", "categoryId": "jp", "instructor": "高橋 直子", "summary": "インタビューとユーザビリティテストの基本。", "durationMinutes": 150, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c27.png", "updatedAt": "2026-07-21T09:30:00Z"},
        {"id": "c28", "title": "Prototyping with Figma", "categoryId": "design", "instructor": "Jonas Falk", "summary": "Frames, auto layout and flows.", "durationMinutes": 170, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c28.png", "updatedAt": "2026-08-01T09:30:00Z"},
        {"id": "c29", "title": "Motion Design for Apps", "categoryId": "design", "instructor": "Clara Weiss", "summary": "Timing, easing and meaning.", "durationMinutes": 140, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c29.png", "updatedAt": "2026-09-08T09:30:00Z"},
        {"id": "c30", "title": "Machine Learning Foundations", "categoryId": "ml", "instructor": "Ravi Shah", "summary": "Regression, classification and evaluation.", "durationMinutes": 320, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c30.png", "updatedAt": "2026-10-15T09:30:00Z"},
        {"id": "c31", "title": "Deep Learning with PyTorch", "categoryId": "ml", "instructor": "Lea Novak", "summary": "Tensors, autograd and training loops.", "durationMinutes": 360, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c31.png", "updatedAt": "2026-01-22T09:30:00Z"},
        {"id": "c32", "title": "On-device ML with Core ML", "categoryId": "ml", "instructor": "Ivy Chen", "summary": "Converting, quantising and shipping models.", "durationMinutes": 190, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c32.png", "updatedAt": "2026-02-02T09:30:00Z"},
        {"id": "c33", "title": "機械学習の数学", "categoryId": "jp", "instructor": "山本 美咲", "summary": "線形代数と確率をやさしく解説。", "durationMinutes": 300, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c33.png", "updatedAt": "2026-03-09T09:30:00Z"},
        {"id": "c34", "title": "Recommender Systems", "categoryId": "ml", "instructor": "Priya Rao", "summary": "Collaborative filtering and ranking.", "durationMinutes": 240, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c34.png", "updatedAt": "2026-04-16T09:30:00Z"},
        {"id": "c35", "title": "Linux for Developers", "categoryId": "devops", "instructor": "Tom Becker", "summary": "Shell, processes and permissions.", "durationMinutes": 200, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c35.png", "updatedAt": "2026-05-23T09:30:00Z"},
        {"id": "c36", "title": "Docker and Containers", "categoryId": "devops", "instructor": "Luis Romero", "summary": "Images, volumes and networks.", "durationMinutes": 180, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c36.png", "updatedAt": "2026-06-03T09:30:00Z"},
        {"id": "c37", "title": "CI Pipelines that Stay Green", "categoryId": "devops", "instructor": "Sara Lind", "summary": "Caching, flakes and fast feedback.", "durationMinutes": 150, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c37.png", "updatedAt": "2026-07-10T09:30:00Z"},
        {"id": "c38", "title": "Kubernetes in Practice", "categoryId": "devops", "instructor": "Eva Schultz", "summary": "Deployments, services and probes.", "durationMinutes": 280, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c38.png", "updatedAt": "2026-08-17T09:30:00Z"},
        {"id": "c39", "title": "インフラ自動化入門", "categoryId": "jp", "instructor": "鈴木 健太", "summary": "TerraformとAnsibleで環境を再現する。", "durationMinutes": 210, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c39.png", "updatedAt": "2026-09-24T09:30:00Z"},
        {"id": "c40", "title": "Incident Response", "categoryId": "devops", "instructor": "Noah Kim", "summary": "On-call, runbooks and postmortems.", "durationMinutes": 120, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c40.png", "updatedAt": "2026-10-04T09:30:00Z"},
        {"id": "c41", "title": "Swift Package Manager Deep Dive", "categoryId": "swift", "instructor": "Hugo Martin", "summary": "Targets, plugins and resources.", "durationMinutes": 160, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c41.png", "updatedAt": "2026-01-11T09:30:00Z"},
        {"id": "c42", "title": "Dependency Injection in Swift", "categoryId": "swift", "instructor": "Priya Rao", "summary": "Containers, assemblies and explicit dependencies.", "durationMinutes": 170, "level": "INTERMEDIATE", "thumbnailUrl": "https://courses.example.com/thumbnails/c42.png", "updatedAt": "2026-02-18T09:30:00Z"},
        {"id": "c43", "title": "はじめてのSwiftUI", "categoryId": "jp", "instructor": "佐藤 花子", "summary": "画面づくりの基本を手を動かして学ぶ。", "durationMinutes": 180, "level": "BEGINNER", "thumbnailUrl": "https://courses.example.com/thumbnails/c43.png", "updatedAt": "2026-03-25T09:30:00Z"},
        {"id": "c44", "title": "Secure Coding for Apps", "categoryId": "ios", "instructor": "Jonas Falk", "summary": "Keychain, TLS and secrets handling.", "durationMinutes": 150, "level": "ADVANCED", "thumbnailUrl": "https://courses.example.com/thumbnails/c44.png", "updatedAt": "2026-04-05T09:30:00Z"}
      ],
      "recentCourseIds": ["c42", "c04", "c12", "c31", "c16", "c07", "c22", "c02"],
      "recommendedCourseIds": ["c02", "c09", "c15", "c43", "c34", "c10", "c41", "c33", "c25", "c37", "c18", "c27", "c06", "c21"],
      "rankings": [
        {"label": "Popular this week", "labelId": "popular", "courseIds": ["c07", "c01", "c04", "c30", "c13", "c36", "c19", "c43", "c26", "c35"]},
        {"label": "注目の日本語コース", "labelId": "japanese", "courseIds": ["c04", "c43", "c09", "c16", "c22", "c27", "c33", "c39"]},
        {"label": "Top rated in Swift", "labelId": "swift-top", "courseIds": ["c02", "c42", "c03", "c05", "c41", "c06", "c99"]},
        {"label": "New in Server-side Swift", "labelId": "server-new", "courseIds": ["c14", "c18", "c15", "c17", "c13"]}
      ],
      "userCourses": [
        {"courseId": "c42", "progress": 0.35, "lastViewedAt": "2026-11-20T21:05:00Z"},
        {"courseId": "c04", "progress": 1.0, "lastViewedAt": "2026-11-19T12:40:00Z"},
        {"courseId": "c12", "progress": 0.6, "lastViewedAt": "2026-11-18T08:15:00Z"},
        {"courseId": "c31", "progress": 0.1, "lastViewedAt": "2026-11-17T19:00:00Z"},
        {"courseId": "c16", "progress": 0.82, "lastViewedAt": "2026-11-15T07:45:00Z"},
        {"courseId": "c07", "progress": 0.5, "lastViewedAt": "2026-11-12T18:30:00Z"},
        {"courseId": "c22", "progress": 0.25, "lastViewedAt": "2026-11-10T10:00:00Z"},
        {"courseId": "c02", "progress": 0.05, "lastViewedAt": "2026-11-02T16:20:00Z"},
        {"courseId": "c01", "progress": 1.0, "lastViewedAt": "2026-10-28T09:00:00Z"},
        {"courseId": "c13", "progress": 0.4, "lastViewedAt": null}
      ]
    }
    """#
}
